import { Icon, type IconProps } from '../../ui/icons.tsx';

// The detail page's icons: Lucide's drawings (lucide.dev, ISC licence) in the app's icon frame.

export const ChevronRight = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const Maximize2 = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 3h6v6" />
    <path d="m21 3-7 7" />
    <path d="m3 21 7-7" />
    <path d="M9 21H3v-6" />
  </Icon>
);
