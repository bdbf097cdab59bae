/** The checklist ready to render: every text in the page's locale. */
export interface TrustChecklistView {
  heading: string;
  intro: string;
  /** Said when nothing is left to do. */
  done: string | null;
  items: { key: string; action: string; gain: string }[];
}

/** What the seller can do to raise the offer's trust score, with the points of each (decision 066). */
export function TrustChecklist({ view }: { view: TrustChecklistView }) {
  return (
    <section aria-labelledby="trust-checklist-heading" className="editor-trust" data-testid="trust-checklist">
      <h3 id="trust-checklist-heading">{view.heading}</h3>
      <p data-testid="trust-checklist-intro">{view.intro}</p>
      {view.done ? (
        <p>{view.done}</p>
      ) : (
        <ul>
          {view.items.map((item) => (
            <li key={item.key} data-testid="trust-checklist-item" data-signal={item.key}>
              {item.action}: <bdi>{item.gain}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
