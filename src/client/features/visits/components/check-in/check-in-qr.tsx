import { clsx } from 'clsx';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';
import { useI18n } from '../../../../lib/i18n';

/** The quiet zone QR readers need around the code, in modules (ISO 18004 asks for 4). */
const QUIET = 4;

/**
 * The check-in link as a QR code, drawn as one SVG path with lean-qr (decision 041: about 4 KB; loaded lazily with
 * the card). Always dark on white, also in dark mode, so every phone camera reads it.
 */
export function CheckInQr({ value, className }: { value: string; className?: string }) {
  const { i18n } = useI18n();
  const { size, path } = useMemo(() => {
    const code = generate(value);
    return { size: code.size, path: toSvgPath(code) };
  }, [value]);
  const box = size + QUIET * 2;
  return (
    <svg
      role="img"
      aria-label={i18n._('QR code to check in')}
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      shapeRendering="crispEdges"
      className={clsx('shrink-0 rounded-md bg-white', className)}
    >
      <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
