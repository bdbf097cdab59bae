/** An offer card ready to render: every text already in the page's locale. */
export interface OfferCardView {
  id: number;
  href: string;
  title: string;
  price: string;
  layout: string | null;
  area: string | null;
  place: string;
  /** The seller's type as the locale names it ("Private seller", "Real estate agency", ...). */
  seller: string;
  verified: boolean;
  /** "Reserved" in the page's locale for a reserved offer, else null (decision 042). */
  stateBadge: string | null;
  /** `avifSrc`: the AVIF twin, offered first to browsers that decode it. */
  photo: { src: string; avifSrc: string | null; alt: string; width: number; height: number } | null;
}
