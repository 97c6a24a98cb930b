/** The sync indicator's icons, as inline SVG (no icon package: see ui/icons.tsx for why). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function StrokeIcon({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

const CLOUD = 'M7 18.5a4.5 4.5 0 0 1-.4-8.98 6 6 0 0 1 11.3 1.48A3.75 3.75 0 0 1 17.25 18.5H7Z';

export function CloudIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d={CLOUD} />
    </StrokeIcon>
  );
}

export function CloudCheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d={CLOUD} />
      <path d="m9.5 13.5 2 2 3.5-3.75" />
    </StrokeIcon>
  );
}

export function CloudOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d={CLOUD} />
      <path d="M3.5 3.5l17 17" />
    </StrokeIcon>
  );
}

export function CloudAlertIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d={CLOUD} />
      <path d="M12 11v3" />
      <path d="M12 16.25v.01" />
    </StrokeIcon>
  );
}

export function CloudSyncIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d={CLOUD} />
      <path d="M12 11.25v4.5m0 0-1.75-1.75M12 15.75l1.75-1.75" />
    </StrokeIcon>
  );
}
