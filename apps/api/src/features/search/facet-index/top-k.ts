/**
 * The `capacity` smallest (key, tie) pairs seen, with their ids: a max-heap on (key, tie), so
 * each offer costs a comparison with the largest kept and, when smaller, a sift.
 */
export class TopK {
  private readonly keys: Float64Array;
  private readonly ties: Float64Array;
  private readonly ids: Float64Array;
  private size = 0;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
    this.ids = new Float64Array(capacity);
  }

  private greater(a: number, b: number): boolean {
    return this.keys[a]! > this.keys[b]! || (this.keys[a] === this.keys[b] && this.ties[a]! > this.ties[b]!);
  }

  private swap(a: number, b: number): void {
    for (const array of [this.keys, this.ties, this.ids]) {
      const t = array[a]!;
      array[a] = array[b]!;
      array[b] = t;
    }
  }

  offer(key: number, tie: number, id: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let at = this.size++;
      this.keys[at] = key;
      this.ties[at] = tie;
      this.ids[at] = id;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.greater(at, parent)) break;
        this.swap(at, parent);
        at = parent;
      }
      return;
    }
    if (key > this.keys[0]! || (key === this.keys[0] && tie >= this.ties[0]!)) return;
    this.keys[0] = key;
    this.ties[0] = tie;
    this.ids[0] = id;
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let largest = at;
      if (left < this.size && this.greater(left, largest)) largest = left;
      if (right < this.size && this.greater(right, largest)) largest = right;
      if (largest === at) break;
      this.swap(at, largest);
      at = largest;
    }
  }

  /** The largest key kept once `capacity` are (an offer with a greater key is not kept), else +Infinity. */
  worst(): number {
    return this.size < this.capacity || this.capacity === 0 ? Number.POSITIVE_INFINITY : this.keys[0]!;
  }

  /** The tie of the largest (key, tie) kept once `capacity` are, else +Infinity. */
  worstTie(): number {
    return this.size < this.capacity || this.capacity === 0 ? Number.POSITIVE_INFINITY : this.ties[0]!;
  }

  /** The kept ids, smallest (key, tie) first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.keys[a]! - this.keys[b]! || this.ties[a]! - this.ties[b]!);
    return order.map((i) => this.ids[i]!);
  }
}
