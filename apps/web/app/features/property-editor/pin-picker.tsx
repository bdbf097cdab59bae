import { type KeyboardEvent, type MouseEvent, useEffect, useId, useState } from 'react';
import type { Text } from '../../ui/forms/form-ui.tsx';

// The location step's pin picker without map tiles, the map's stand-in where the browser has no
// WebGL (location-map.tsx): a square around the pin, moved by a click, by the arrow keys while it
// has focus, or by four buttons.

// The square shows about 1.2 km north to south; a key press moves the pin about 11 m (50 m with
// Shift), a button press 22 m.
const SPAN_DEG = 0.011;
const KEY_STEP = 0.0001;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function PinPicker(props: {
  latitude: number | null;
  longitude: number | null;
  t: Text;
  onMove: (latitude: number, longitude: number) => void;
}) {
  const { t, latitude, longitude } = props;
  const hintId = useId();
  // The square stays put while the pin moves inside it; it re-centres when the pin leaves it.
  const [center, setCenter] = useState<[number, number] | null>(
    latitude !== null && longitude !== null ? [latitude, longitude] : null,
  );
  useEffect(() => {
    if (latitude === null || longitude === null) return;
    setCenter((current) => {
      if (!current) return [latitude, longitude];
      const cos = Math.max(0.2, Math.cos((current[0] * Math.PI) / 180));
      const outside =
        Math.abs(latitude - current[0]) > SPAN_DEG / 2 ||
        Math.abs(longitude - current[1]) > SPAN_DEG / cos / 2;
      return outside ? [latitude, longitude] : current;
    });
  }, [latitude, longitude]);
  if (latitude === null || longitude === null || !center) return null;
  const cos = Math.max(0.2, Math.cos((center[0] * Math.PI) / 180));
  const lngSpan = SPAN_DEG / cos;
  const x = 50 + ((longitude - center[1]) / lngSpan) * 100;
  const y = 50 - ((latitude - center[0]) / SPAN_DEG) * 100;
  const move = (north: number, east: number) =>
    props.onMove(
      round(Math.max(-90, Math.min(90, latitude + north))),
      round(Math.max(-180, Math.min(180, longitude + east / cos))),
    );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The square is drawn left to right in every writing direction (east is always right).
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    props.onMove(round(center[0] + (0.5 - fy) * SPAN_DEG), round(center[1] + (fx - 0.5) * lngSpan));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [step, 0],
      ArrowDown: [-step, 0],
      ArrowRight: [0, step],
      ArrowLeft: [0, -step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(delta[0], delta[1]);
  };
  const position = t('editor.pin_position', { lat: latitude.toFixed(5), lng: longitude.toFixed(5) });
  return (
    <div className="pin-picker">
      <p className="field__label">{t('editor.map_pin')}</p>
      <p id={hintId} className="field__hint">
        {t('editor.pin_hint')}
      </p>
      <div
        className="pin-picker__map"
        role="application"
        aria-label={t('editor.map_pin')}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the square is an application that takes the arrow keys
        tabIndex={0}
        dir="ltr"
        data-testid="pin-picker"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {/* Drawn with SVG attributes: the page's CSP allows no inline styles. */}
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {[20, 40, 60, 80].map((line) => (
            <g key={line} className="pin-picker__grid">
              <line x1={line} y1={0} x2={line} y2={100} />
              <line x1={0} y1={line} x2={100} y2={line} />
            </g>
          ))}
          <g transform={`translate(${x.toFixed(2)} ${y.toFixed(2)})`} className="pin-picker__pin">
            <circle r={3.2} />
            <circle r={1.1} className="pin-picker__dot" />
          </g>
        </svg>
      </div>
      <p role="status" className="field__hint" data-testid="pin-position">
        {position}
      </p>
      <div className="inline-actions pin-picker__buttons">
        <button type="button" className="button" onClick={() => move(KEY_STEP * 2, 0)}>
          {t('editor.move_north')}
        </button>
        <button type="button" className="button" onClick={() => move(-KEY_STEP * 2, 0)}>
          {t('editor.move_south')}
        </button>
        <button type="button" className="button" onClick={() => move(0, KEY_STEP * 2)}>
          {t('editor.move_east')}
        </button>
        <button type="button" className="button" onClick={() => move(0, -KEY_STEP * 2)}>
          {t('editor.move_west')}
        </button>
      </div>
    </div>
  );
}
