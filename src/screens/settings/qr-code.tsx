import { useEffect, useState } from 'react';
import styles from './two-factor-section.module.css';

/**
 * A QR code drawn in the browser (no outside service sees the secret). The qrcode library loads only here, when
 * a person sets up two-factor sign-in, so it never weighs on the other screens.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => live && setSvg(drawn))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className={styles.qr} aria-busy="true" />;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
    />
  );
}
