/**
 * The merchant's redeem form's voucher code field (decision 024). Typed always; where the browser offers
 * BarcodeDetector (Chrome on Android, for one) and a camera, a "Scan the QR code" button reads the
 * code from the voucher's QR code (which carries the code only) and moves on to the security code.
 * Without JavaScript or a detector the field is an ordinary text input and the form still posts.
 */
import { useEffect, useId, useRef, useState } from 'react';

type Props = {
  /** What the merchant typed last time (the form came back with a refusal). */
  defaultValue?: string;
  /** Where focus goes once a code has been scanned. */
  nextFieldId: string;
  /** The field's error, when the form came back with one. */
  invalid?: boolean;
};

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = (new (options: {
  formats: string[];
}) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

function detectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return candidate && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
    ? candidate
    : null;
}

type ScanState =
  | { kind: 'unsupported' }
  | { kind: 'ready' }
  | { kind: 'scanning' }
  | { kind: 'error'; message: string };

export default function VoucherCodeField({ defaultValue = '', nextFieldId, invalid = false }: Props) {
  const id = useId();
  const [code, setCode] = useState(defaultValue);
  const [method, setMethod] = useState<'typed' | 'camera'>('typed');
  const [scan, setScan] = useState<ScanState>({ kind: 'unsupported' });
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    const Detector = detectorClass();
    if (Detector === null) return;
    const supported = Detector.getSupportedFormats?.() ?? Promise.resolve(['qr_code']);
    supported.then((formats) => formats.includes('qr_code') && setScan({ kind: 'ready' })).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (scan.kind !== 'scanning') return;
    const Detector = detectorClass();
    if (Detector === null) return;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const stop = () => {
      stopped = true;
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
    const look = async () => {
      if (stopped || video.current === null) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue) {
          setCode(found.rawValue.trim());
          setMethod('camera');
          setScan({ kind: 'ready' });
          stop();
          document.getElementById(nextFieldId)?.focus();
          return;
        }
      } catch {
        // A frame the detector could not read (the video not playing yet): try the next one.
      }
      if (!stopped) requestAnimationFrame(look);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped || video.current === null) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        video.current.srcObject = media;
        await video.current.play();
        requestAnimationFrame(look);
      })
      .catch(() => {
        setScan({ kind: 'error', message: 'The camera is not available. Type the code instead.' });
      });
    return stop;
  }, [scan.kind, nextFieldId]);

  return (
    <div className="voucher-code">
      <label htmlFor={`${id}-code`}>
        Voucher code
        <span className="m-hint">For example TP-7KQ4-M9XD, printed under the QR code</span>
      </label>
      <input
        id={`${id}-code`}
        type="text"
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setMethod('typed');
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        aria-invalid={invalid || undefined}
        maxLength={64}
      />
      <input type="hidden" name="method" value={method} />
      {scan.kind === 'ready' || scan.kind === 'error' ? (
        <button type="button" className="button button--secondary" onClick={() => setScan({ kind: 'scanning' })}>
          Scan the QR code
        </button>
      ) : null}
      {scan.kind === 'scanning' ? (
        <div className="voucher-code__camera">
          <video ref={video} muted playsInline aria-label="Camera picture: hold the voucher's QR code in view" />
          <button type="button" className="button button--secondary" onClick={() => setScan({ kind: 'ready' })}>
            Stop scanning and type instead
          </button>
        </div>
      ) : null}
      <p className="m-hint" aria-live="polite">
        {scan.kind === 'error' ? scan.message : method === 'camera' ? 'Code read from the QR code.' : ''}
      </p>
    </div>
  );
}
