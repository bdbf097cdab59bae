/** An offer card ready to render: every text already in the page's locale. */
export interface OfferCardView {
  id: number;
  href: string;
  title: string;
  price: string;
  /** "112 000 Kč/m²" for a sale with an area, else null (price-per-area.server.ts). */
  pricePerArea: string | null;
  layout: string | null;
  area: string | null;
  place: string;
  /** The seller's type as the locale names it ("Private seller", "Real estate agency", ...). */
  seller: string;
  verified: boolean;
  /** "Reserved" in the page's locale for a reserved offer, else null (decision 042). */
  stateBadge: string | null;
  /** "New" and "Price reduced" (issue 39 point 12), in the page's locale. */
  badges: { kind: 'new' | 'reduced' | 'unconfirmed'; text: string }[];
  /**
   * The card stands for several offers of one property (decision 068): "Offered by 3 sellers,
   * from 4,800,000 CZK" (its price is the group's lowest), else null.
   */
  group: string | null;
  /** Picked for comparison by this browser (results pages, decision 072). */
  compared?: boolean;
  /** `avifSrc`: the AVIF twin, offered first to browsers that decode it. */
  photo: { src: string; avifSrc: string | null; alt: string; width: number; height: number } | null;
}
