import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in px; 16 by default. */
  size?: number;
  /** Makes the icon meaningful (role="img" with this name); without it the icon is decorative and hidden. */
  title?: string;
}

/** 24×24 stroked outlines, drawn in currentColor so they follow the text colour. */
function icon(name: string, paths: ReactNode) {
  function Icon({ size = 16, title, className, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className ? `cb-icon ${className}` : 'cb-icon'}
        {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ChevronDownIcon = icon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = icon('ChevronUpIcon', <path d="m18 15-6-6-6 6" />);
export const ChevronLeftIcon = icon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const SearchIcon = icon('SearchIcon', <><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></>);
export const CloseIcon = icon('CloseIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = icon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const RefreshIcon = icon(
  'RefreshIcon',
  <><path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" /><path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" /><path d="M21 3v5h-5M3 21v-5h5" /></>,
);
export const FilterIcon = icon('FilterIcon', <path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />);
export const LogoutIcon = icon('LogoutIcon', <><path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" /><path d="m16 17 5-5-5-5M21 12H9" /></>);
export const MenuIcon = icon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const UserIcon = icon('UserIcon', <><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></>);
export const UsersIcon = icon(
  'UsersIcon',
  <><circle cx="9" cy="8" r="4" /><path d="M2 21a7 7 0 0 1 14 0" /><path d="M16 3.5a4 4 0 0 1 0 9M22 21a7 7 0 0 0-4-6.3" /></>,
);
export const PhoneIcon = icon(
  'PhoneIcon',
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />,
);
export const ChartIcon = icon('ChartIcon', <path d="M3 3v18h18M8 17v-5M13 17V8M18 17v-8" />);
export const EyeIcon = icon('EyeIcon', <><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOffIcon = icon(
  'EyeOffIcon',
  <><path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" /></>,
);
export const CopyIcon = icon('CopyIcon', <><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" /></>);
export const PlayIcon = icon('PlayIcon', <path d="M7 4v16l13-8z" />);
export const PauseIcon = icon('PauseIcon', <path d="M8 5v14M16 5v14" />);
export const DownloadIcon = icon('DownloadIcon', <path d="M12 3v12m-5-5 5 5 5-5M4 21h16" />);
export const UploadIcon = icon('UploadIcon', <path d="M12 21V9m-5 5 5-5 5 5M4 3h16" />);
export const WarningIcon = icon('WarningIcon', <><path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" /><path d="M12 9v4M12 17h.01" /></>);
export const InfoIcon = icon('InfoIcon', <><circle cx="12" cy="12" r="9" /><path d="M12 16v-4M12 8h.01" /></>);
export const ErrorIcon = icon('ErrorIcon', <><circle cx="12" cy="12" r="9" /><path d="M12 8v4M12 16h.01" /></>);
export const SuccessIcon = icon('SuccessIcon', <><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></>);
export const ArrowUpIcon = icon('ArrowUpIcon', <path d="M12 19V5m-6 6 6-6 6 6" />);
export const ArrowDownIcon = icon('ArrowDownIcon', <path d="M12 5v14m6-6-6 6-6-6" />);
export const SortIcon = icon('SortIcon', <path d="m7 9 5-5 5 5M7 15l5 5 5-5" />);
export const ColumnsIcon = icon('ColumnsIcon', <><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M9 4v16M15 4v16" /></>);
export const EditIcon = icon('EditIcon', <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />);
export const TrashIcon = icon('TrashIcon', <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" />);
export const InboxIcon = icon('InboxIcon', <><path d="M22 12h-6l-2 3h-4l-2-3H2" /><path d="M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z" /></>);
export const SunIcon = icon('SunIcon', <><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></>);
export const MoonIcon = icon('MoonIcon', <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />);
export const LinkIcon = icon('LinkIcon', <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />);
export const ExternalLinkIcon = icon('ExternalLinkIcon', <path d="M14 3h7v7M21 3l-9 9M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5" />);
export const MoreIcon = icon('MoreIcon', <><circle cx="5" cy="12" r="1" /><circle cx="12" cy="12" r="1" /><circle cx="19" cy="12" r="1" /></>);
export const CalendarIcon = icon('CalendarIcon', <><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M16 3v4M8 3v4M3 11h18" /></>);
export const BellIcon = icon('BellIcon', <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />);
export const DollarIcon = icon('DollarIcon', <path d="M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />);
