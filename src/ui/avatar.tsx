import styles from './avatar.module.css';
import { predefinedAvatar } from './avatars/avatars.tsx';

export interface AvatarProps {
  /** spec 3: '0' or null the default avatar, '1'..'12' a predefined one. */
  image: string | null | undefined;
  /** Diameter in pixels. */
  size?: number;
  /** The person's name: the default avatar shows its initials. */
  name?: string;
  /** The accessible name; empty makes the avatar decorative (e.g. inside a link that names itself). */
  label?: string;
}

// Whole characters as a person sees them: 'É' typed as E plus a combining accent, or an emoji with a skin tone, is
// one grapheme of several code points, and cutting it in half shows a broken glyph.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const firstGrapheme = (word: string) =>
  graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** The first character of the first two words, upper-cased: 'Ada Lovelace' -> 'AL'. */
export function initials(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => firstGrapheme(word).toUpperCase())
    .join('');
}

/** The user's avatar: a predefined picture, or the default one (initials, or a neutral silhouette without a name). */
export function Avatar({ image, size = 40, name, label }: AvatarProps) {
  const picture = predefinedAvatar(image);
  const text = initials(name);
  const accessibleName = label ?? (name?.trim() ? `${name.trim()}'s avatar` : 'Avatar');
  const art = picture ? (
    picture.art
  ) : (
    <>
      <circle cx="32" cy="32" r="32" className={styles.defaultDisc} />
      {text ? (
        <text x="32" y="33" className={styles.initials} textAnchor="middle" dominantBaseline="central">
          {text}
        </text>
      ) : (
        <g className={styles.silhouette}>
          <circle cx="32" cy="25" r="10" />
          <path d="M13 54c2-10 10-16 19-16s17 6 19 16a30 30 0 0 1-38 0z" />
        </g>
      )}
    </>
  );
  const common = {
    className: styles.avatar,
    width: size,
    height: size,
    viewBox: '0 0 64 64',
    focusable: 'false' as const,
    'data-avatar': picture?.id ?? '0',
  };
  if (accessibleName === '') {
    return (
      <svg {...common} aria-hidden="true">
        {art}
      </svg>
    );
  }
  return (
    <svg {...common} role="img" aria-label={accessibleName}>
      {art}
    </svg>
  );
}
