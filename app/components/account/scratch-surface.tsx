import { type PointerEvent, useEffect, useRef, useState } from "react";
import { clearedShare, REVEAL_SHARE } from "../../../commerce/scratch-cards";

const BRUSH = 22;

/** The cover's paint: a silver foil with its call to scratch (`call`, in the page's language). */
function paintCover(canvas: HTMLCanvasElement, call: string): CanvasRenderingContext2D | null {
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  const { width, height } = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  context.scale(ratio, ratio);
  const foil = context.createLinearGradient(0, 0, width, height);
  foil.addColorStop(0, "#9ca3af");
  foil.addColorStop(0.5, "#d1d5db");
  foil.addColorStop(1, "#9ca3af");
  context.fillStyle = foil;
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#1f2937";
  context.font = "600 16px system-ui, sans-serif";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(call, width / 2, height / 2);
  return context;
}

/**
 * A real scratch surface: a <canvas> foil over the card that the pointer wipes away; past half wiped, the card is
 * revealed (`onReveal`). The surface is a button, so the keyboard reveals it at once (Enter or Space) under `label`.
 * The foil fades only where motion is welcome.
 */
export function ScratchSurface({
  label,
  call,
  onReveal,
  children,
}: {
  label: string;
  /** The words painted on the foil. */
  call: string;
  onReveal: () => void;
  children: React.ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const context = useRef<CanvasRenderingContext2D | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const strokes = useRef(0);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    if (canvas.current) context.current = paintCover(canvas.current, call);
  }, [call]);

  const reveal = () => {
    if (revealed) return;
    setRevealed(true);
    onReveal();
  };

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const scratch = (to: { x: number; y: number }) => {
    const paint = context.current;
    if (!paint || revealed) return;
    const from = last.current ?? to;
    paint.globalCompositeOperation = "destination-out";
    paint.lineWidth = BRUSH * 2;
    paint.lineCap = "round";
    paint.beginPath();
    paint.moveTo(from.x, from.y);
    paint.lineTo(to.x, to.y);
    paint.stroke();
    last.current = to;
  };

  const checkWiped = () => {
    const paint = context.current;
    const surface = canvas.current;
    if (!paint || !surface) return;
    if (clearedShare(paint.getImageData(0, 0, surface.width, surface.height).data) >= REVEAL_SHARE) reveal();
  };

  return (
    <button
      type="button"
      aria-label={label}
      className="relative block h-28 w-full overflow-hidden rounded-lg bg-brand-a10"
      data-testid="scratch-surface"
      // A pointer scratches; only the keyboard (a click with no pointer: detail 0) reveals at once.
      onClick={(event) => event.detail === 0 && reveal()}
    >
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center font-semibold text-ink">
        {children}
      </span>
      <canvas
        ref={canvas}
        data-testid="scratch-canvas"
        className={`absolute inset-0 h-full w-full cursor-crosshair touch-none motion-safe:transition-opacity motion-safe:duration-500 ${revealed ? "pointer-events-none opacity-0" : ""}`}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = null;
          scratch(point(event));
        }}
        onPointerMove={(event) => {
          if (event.buttons === 0 || !last.current) return;
          scratch(point(event));
          // Reading the pixels is not free: look every few strokes, and when the pointer lifts.
          if (++strokes.current % 8 === 0) checkWiped();
        }}
        onPointerUp={() => {
          last.current = null;
          checkWiped();
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
    </button>
  );
}
