import type { EditorStep } from '../../lib/editor-steps.ts';
import type { MediaExtrasEditorData } from '../../ui/property-media-extras/media-extras-editor.tsx';
import type { TrustChecklistView } from './trust-checklist.tsx';

// What the editor's loader hands to its views (browser-safe types only).

export interface EditorOption {
  value: string;
  label: string;
}

export interface EditorField {
  name: string;
  type: string;
  label: string;
  required: boolean;
  requiredForRent: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  values?: EditorOption[];
  fields?: EditorField[];
}

export interface EditorPhoto {
  id: number;
  /** The thumbnail; null until the job worker made the variants (issue 38 defect 4). */
  src: string | null;
  /** `processing` shows a placeholder (the editor polls until it is `ready`); `failed` says the file cannot be read. */
  status: 'processing' | 'ready' | 'failed';
  isMain: boolean;
  roomType: string | null;
  roomLabel: string | null;
  /** Marked as a floor plan: its own group on the offer page, never the main photo (issue 38 point 13). */
  isFloorPlan: boolean;
}

export interface EditorTourDate {
  date: string;
  from: string;
  to: string;
  capacity: number;
}

export interface EditorProblem {
  field: string;
  label: string;
  step: EditorStep;
  stepLabel: string;
  href: string;
}

export interface EditorStepLink {
  step: EditorStep;
  label: string;
  href: string;
  needsAttention: boolean;
}

export interface EditorPreview {
  title: string;
  price: string;
  address: string;
  facts: { label: string; value: string }[];
  description: string | null;
  photo: string | null;
  photoCount: number;
  stateLabel: string;
  state: string;
  publicHref: string | null;
}

export interface EditorData {
  propertyId: number | null;
  /** The seller's trust checklist of a saved property (decision 066). */
  trustChecklist: TrustChecklistView | null;
  step: EditorStep;
  stepIndex: number;
  steps: EditorStepLink[];
  fields: EditorField[];
  /** Saved values by field name (rooms as counts per type, the contact by `contact.<name>`). */
  values: Record<string, string | string[]>;
  offerType: string;
  photos: EditorPhoto[];
  /** The video link and the energy certificate (issue 38 point 13); null before the property exists. */
  mediaExtras: MediaExtrasEditorData | null;
  roomTypes: EditorOption[];
  tourDates: EditorTourDate[];
  /** The property's time zone by name, in which its viewing times are entered. */
  tourTimeZone: string;
  problems: EditorProblem[];
  preview: EditorPreview | null;
  canPublish: boolean;
  nextHref: string | null;
  nextLabel: string | null;
  uploadUrl: string | null;
  /** Why photos sent without scripts were refused (issue 38 defect 4), in the page's language. */
  uploadError: string | null;
  listHref: string;
  apiUrl: string;
  locale: string;
  /** Idempotency-Key of the create (a double submit makes one draft); null when editing. */
  createKey: string | null;
  /** The version of the property this page shows (its strong ETag), sent back as If-Match. */
  etag: string | null;
}
