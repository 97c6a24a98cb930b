/**
 * The few icons the shell needs, as inline SVG (paths from Radix Icons, MIT). Importing
 * @radix-ui/react-icons put its whole set into the first download: it does not tree-shake.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 15, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 15 15" fill="none" aria-hidden="true" {...rest}>
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        d="M1.5 3a.5.5 0 0 0 0 1h12a.5.5 0 0 0 0-1h-12ZM1 7.5a.5.5 0 0 1 .5-.5h12a.5.5 0 0 1 0 1h-12a.5.5 0 0 1-.5-.5ZM1 11.5a.5.5 0 0 1 .5-.5h12a.5.5 0 0 1 0 1h-12a.5.5 0 0 1-.5-.5Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        d="M7.5.875a3.625 3.625 0 0 0-1.992 6.656C3.261 8.328 1.625 10.422 1.625 13.5a.5.5 0 0 0 1 0c0-3.04 1.985-5.375 4.875-5.375s4.875 2.335 4.875 5.375a.5.5 0 0 0 1 0c0-3.078-1.636-5.172-3.883-5.969A3.625 3.625 0 0 0 7.5.875ZM4.875 4.5a2.625 2.625 0 1 1 5.25 0 2.625 2.625 0 0 1-5.25 0Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        d="M11.782 4.032a.575.575 0 1 0-.813-.814L7.5 6.687 4.032 3.218a.575.575 0 0 0-.814.814L6.687 7.5l-3.469 3.468a.575.575 0 0 0 .814.814L7.5 8.313l3.469 3.469a.575.575 0 0 0 .813-.814L8.313 7.5l3.469-3.468Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </Icon>
  );
}
