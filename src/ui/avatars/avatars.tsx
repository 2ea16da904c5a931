import type { ReactNode } from 'react';

/**
 * The 12 predefined avatars of spec 3 (image '1'..'12'): small flat illustrations on a 64x64 canvas, drawn inside
 * a circle. Their colours belong to the pictures, so they are not design tokens.
 */
export interface PredefinedAvatar {
  /** The index saved as the user's image, '1'..'12'. */
  id: string;
  /** What the picture shows, for the radio option's name. */
  label: string;
  art: ReactNode;
}

const disc = (fill: string) => <circle cx="32" cy="32" r="32" fill={fill} />;

export const AVATARS: PredefinedAvatar[] = [
  {
    id: '1',
    label: 'Sunrise',
    art: (
      <>
        {disc('#ffd8a8')}
        <circle cx="32" cy="36" r="13" fill="#ff922b" />
        <path d="M0 40c10-6 20-6 32 0s22 6 32 0v24H0z" fill="#e8590c" />
        <path d="M0 48c12-5 22-5 32 0s20 5 32 0v16H0z" fill="#d9480f" />
      </>
    ),
  },
  {
    id: '2',
    label: 'Mountains',
    art: (
      <>
        {disc('#d0ebff')}
        <circle cx="46" cy="18" r="5" fill="#fff" />
        <path d="M-2 56 22 24l14 18 8-10 22 24z" fill="#1c7ed6" />
        <path d="m22 24 6 8-6-2-5 4z" fill="#fff" />
        <path d="M-2 64V52h68v12z" fill="#1864ab" />
      </>
    ),
  },
  {
    id: '3',
    label: 'Wave',
    art: (
      <>
        {disc('#c3fae8')}
        <path d="M0 34c8-8 16-8 24 0s16 8 24 0 12-8 16-4v34H0z" fill="#20c997" />
        <path d="M0 46c8-7 16-7 24 0s16 7 24 0 12-7 16-3v21H0z" fill="#0ca678" />
        <circle cx="20" cy="20" r="4" fill="#fff" opacity="0.8" />
      </>
    ),
  },
  {
    id: '4',
    label: 'Planet',
    art: (
      <>
        {disc('#3b2f7a')}
        <circle cx="14" cy="16" r="1.5" fill="#fff" />
        <circle cx="50" cy="12" r="1" fill="#fff" />
        <circle cx="52" cy="48" r="1.5" fill="#fff" />
        <circle cx="32" cy="32" r="13" fill="#ae3ec9" />
        <ellipse
          cx="32"
          cy="32"
          rx="24"
          ry="6"
          fill="none"
          stroke="#f783ac"
          strokeWidth="3"
          transform="rotate(-20 32 32)"
        />
        <path d="M20 28a13 13 0 0 1 24 0" fill="#cc5de8" />
      </>
    ),
  },
  {
    id: '5',
    label: 'Leaf',
    art: (
      <>
        {disc('#d8f5a2')}
        <path d="M16 48C16 26 30 14 50 14c0 22-12 34-34 34z" fill="#37b24d" />
        <path d="M16 48 42 22" stroke="#2b8a3e" strokeWidth="2.5" strokeLinecap="round" />
        <path d="m28 36 0-9m6 3 0-8m-12 20 9 0" stroke="#2b8a3e" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  {
    id: '6',
    label: 'Moon and stars',
    art: (
      <>
        {disc('#1b2559')}
        <path d="M40 14a18 18 0 1 0 10 30 15 15 0 1 1-10-30z" fill="#ffe066" />
        <path d="m18 16 1.5 3 3 1.5-3 1.5-1.5 3-1.5-3-3-1.5 3-1.5z" fill="#fff" />
        <circle cx="48" cy="22" r="1.5" fill="#fff" />
        <circle cx="14" cy="40" r="1" fill="#fff" />
      </>
    ),
  },
  {
    id: '7',
    label: 'Cat',
    art: (
      <>
        {disc('#fff0f6')}
        <path d="m14 18 8 10h20l8-10 2 22c0 10-9 16-20 16s-20-6-20-16z" fill="#495057" />
        <circle cx="25" cy="36" r="3" fill="#ffd43b" />
        <circle cx="39" cy="36" r="3" fill="#ffd43b" />
        <path d="m30 42 2 2 2-2z" fill="#f783ac" />
        <path
          d="M20 44h-8m8 3-7 2m31-5h8m-8 3 7 2"
          stroke="#adb5bd"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </>
    ),
  },
  {
    id: '8',
    label: 'Fox',
    art: (
      <>
        {disc('#fff4e6')}
        <path d="m12 14 12 10h16l12-10-2 20-18 20-18-20z" fill="#f76707" />
        <path d="m14 34 18 20 18-20-8 2-10 4-10-4z" fill="#fff" />
        <circle cx="25" cy="32" r="2.5" fill="#212529" />
        <circle cx="39" cy="32" r="2.5" fill="#212529" />
        <circle cx="32" cy="50" r="2.5" fill="#212529" />
      </>
    ),
  },
  {
    id: '9',
    label: 'Owl',
    art: (
      <>
        {disc('#e6fcf5')}
        <path d="M16 20 22 26h20l6-6v22c0 10-7 16-16 16s-16-6-16-16z" fill="#8d6e63" />
        <circle cx="25" cy="32" r="7" fill="#fff" />
        <circle cx="39" cy="32" r="7" fill="#fff" />
        <circle cx="25" cy="32" r="3" fill="#212529" />
        <circle cx="39" cy="32" r="3" fill="#212529" />
        <path d="m30 38 2 4 2-4z" fill="#fab005" />
        <path d="M24 48c4 3 12 3 16 0" stroke="#6d4c41" strokeWidth="2" fill="none" strokeLinecap="round" />
      </>
    ),
  },
  {
    id: '10',
    label: 'Robot',
    art: (
      <>
        {disc('#e7f5ff')}
        <path d="M32 10v6" stroke="#495057" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="32" cy="9" r="3" fill="#fa5252" />
        <rect x="16" y="16" width="32" height="28" rx="8" fill="#74c0fc" />
        <rect x="21" y="23" width="22" height="12" rx="6" fill="#1c2b3a" />
        <circle cx="27" cy="29" r="2.5" fill="#63e6be" />
        <circle cx="37" cy="29" r="2.5" fill="#63e6be" />
        <rect x="20" y="46" width="24" height="12" rx="4" fill="#4dabf7" />
      </>
    ),
  },
  {
    id: '11',
    label: 'Rocket',
    art: (
      <>
        {disc('#edf2ff')}
        <path
          d="M32 8c8 6 11 16 10 28H22C21 24 24 14 32 8z"
          fill="#f1f3f5"
          stroke="#adb5bd"
          strokeWidth="1.5"
        />
        <circle cx="32" cy="24" r="4.5" fill="#4c6ef5" />
        <path d="m22 30-6 10 7-2zm20 0 6 10-7-2z" fill="#fa5252" />
        <path d="M26 38h12l-2 6h-8z" fill="#868e96" />
        <path d="M28 46c0 6 4 10 4 10s4-4 4-10z" fill="#ff922b" />
      </>
    ),
  },
  {
    id: '12',
    label: 'Crystal',
    art: (
      <>
        {disc('#f3f0ff')}
        <path d="M20 22 32 10l12 12-12 32z" fill="#7950f2" />
        <path d="M20 22h24L32 54z" fill="#9775fa" />
        <path d="m26 22 6-12 6 12-6 32z" fill="#b197fc" />
        <path d="m46 40 1.5 3 3 1.5-3 1.5-1.5 3-1.5-3-3-1.5 3-1.5z" fill="#fab005" />
      </>
    ),
  },
];

/** The avatar of a saved image index, or undefined for '0', null and anything unknown (the default avatar). */
export function predefinedAvatar(image: string | null | undefined): PredefinedAvatar | undefined {
  return AVATARS.find((avatar) => avatar.id === image);
}
