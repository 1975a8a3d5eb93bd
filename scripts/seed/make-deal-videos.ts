/**
 * Makes the demo deal videos in ./videos, once, by hand (docs/decisions/056-deal-videos.md):
 * `npx tsx scripts/seed/make-deal-videos.ts` with ffmpeg and espeak-ng on the PATH. The files it
 * writes are committed: nothing at seed or run time needs ffmpeg, and nothing is fetched.
 *
 * Each video is 6 s at 640 by 360 and 24 frames a second, drawn frame by frame as SVG (the same
 * flat style as the painted deal pictures) and rendered with sharp, every motion periodic over the
 * 6 s so the loop has no seam. A narrated video's voice is espeak-ng, and its words are the WebVTT
 * captions beside it (captions wherever speech is heard). Out: `<name>.webm` (VP9, Opus),
 * `<name>.mp4` (H.264, AAC; for browsers without WebM), `<name>.webp` (the poster: frame 0) and,
 * when narrated, `<name>.vtt`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_VIDEOS, type DemoVideo } from './deal-videos';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'videos');
const W = 640;
const H = 360;
const FPS = 24;
const SECONDS = 6;
const FRAMES = FPS * SECONDS;
const TAU = Math.PI * 2;

/** A wave line across the frame, as a closed path down to the bottom. */
function wave(y: number, amplitude: number, length: number, phase: number, bottom = H): string {
  const points: string[] = [];
  for (let x = -20; x <= W + 20; x += 10) {
    points.push(`${x},${(y + amplitude * Math.sin((x / length) * TAU + phase)).toFixed(1)}`);
  }
  return `M${points.join(' L')} L${W + 20},${bottom} L-20,${bottom} Z`;
}

function cloud(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x.toFixed(1)} ${y}) scale(${scale})" fill="#ffffff" opacity="0.9">
    <ellipse cx="0" cy="0" rx="38" ry="16"/><ellipse cx="-22" cy="4" rx="24" ry="12"/>
    <ellipse cx="24" cy="5" rx="26" ry="11"/><ellipse cx="4" cy="-10" rx="22" ry="14"/></g>`;
}

function balloon(x: number, y: number, scale: number, top: string, stripe: string): string {
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale})">
    <path d="M0,-60 C36,-60 46,-26 34,0 C26,18 10,28 6,36 L-6,36 C-10,28 -26,18 -34,0 C-46,-26 -36,-60 0,-60 Z" fill="${top}"/>
    <path d="M0,-60 C14,-60 18,-26 12,0 C9,18 4,28 2,36 L-2,36 C-4,28 -9,18 -12,0 C-18,-26 -14,-60 0,-60 Z" fill="${stripe}"/>
    <path d="M-6,36 L-8,48 M6,36 L8,48" stroke="#5b4636" stroke-width="1.5"/>
    <rect x="-9" y="48" width="18" height="12" rx="2" fill="#8d6e4f"/></g>`;
}

/** Frames of each video: t runs from 0 to 1 over the loop. */
const PAINTERS: Record<DemoVideo['name'], (t: number) => string> = {
  // Still water, a pebble's ripples spreading, stones and a candle (the spa pictures' palette).
  'spa-ripples'(t) {
    const rings = [0, 1 / 3, 2 / 3]
      .map((offset) => {
        const age = (t + offset) % 1;
        const rx = 30 + age * 300;
        return `<ellipse cx="400" cy="250" rx="${rx.toFixed(1)}" ry="${(rx * 0.28).toFixed(1)}" fill="none" stroke="#ffffff" stroke-width="${(3 - age * 2).toFixed(2)}" opacity="${(0.75 * (1 - age)).toFixed(3)}"/>`;
      })
      .join('');
    const flicker = 1 + 0.08 * Math.sin(t * TAU * 6) + 0.05 * Math.sin(t * TAU * 11);
    return `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7f4f0"/><stop offset="1" stop-color="#bfe0d8"/></linearGradient>
      <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc7bb"/><stop offset="1" stop-color="#4f8f86"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="#fff3dc" stop-opacity="0.9"/><stop offset="1" stop-color="#fff3dc" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect y="170" width="${W}" height="${H - 170}" fill="url(#water)"/>
    ${rings}
    <g fill="#56656a"><ellipse cx="140" cy="300" rx="80" ry="26"/></g>
    <g fill="#8d9a9b"><ellipse cx="140" cy="262" rx="62" ry="20"/></g>
    <g fill="#6f7f80"><ellipse cx="140" cy="230" rx="46" ry="16"/></g>
    <g fill="#a9b5b5"><ellipse cx="140" cy="204" rx="32" ry="12"/></g>
    <circle cx="540" cy="200" r="${(60 * flicker).toFixed(1)}" fill="url(#glow)"/>
    <rect x="522" y="200" width="36" height="70" rx="4" fill="#fff3dc"/>
    <path d="M540,${(170 - 8 * flicker).toFixed(1)} C552,186 548,196 540,198 C532,196 528,186 540,${(170 - 8 * flicker).toFixed(1)} Z" fill="#ffb347"/>
    <path d="M20,340 C60,300 80,320 90,280 M40,350 C70,320 100,330 110,300" stroke="#5e9c66" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  },
  // A beach in the afternoon sun: waves rolling in, a palm swaying, gulls gliding.
  'beach-waves'(t) {
    const sway = 4 * Math.sin(t * TAU);
    const gull = (x: number, y: number) =>
      `<path d="M${x - 12},${y} Q${x - 6},${y - 7} ${x},${y} Q${x + 6},${y - 7} ${x + 12},${y}" stroke="#37474f" stroke-width="2" fill="none"/>`;
    const gullX = (offset: number) => ((t + offset) % 1) * (W + 80) - 40;
    return `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ec8e3"/><stop offset="1" stop-color="#ffe6b0"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff6c8"/><stop offset="0.6" stop-color="#ffd36e"/><stop offset="1" stop-color="#ffd36e" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="470" cy="110" r="${(70 + 3 * Math.sin(t * TAU * 2)).toFixed(1)}" fill="url(#sun)"/>
    ${gull(gullX(0), 70)}${gull(gullX(0.45) * 0.9 + 30, 95)}
    <path d="${wave(180, 3, 320, t * TAU)}" fill="#1f8fb0"/>
    <path d="${wave(205, 5, 213.3, -t * TAU * 2)}" fill="#2aa6c4"/>
    <path d="${wave(240, 6, 160, t * TAU * 3)}" fill="#5cc3d6"/>
    <path d="${wave(262, 4, 128, -t * TAU * 2)}" fill="#e9f7fa" opacity="0.85"/>
    <path d="${wave(272, 4, 128, -t * TAU * 2)}" fill="#f4dfb0"/>
    <path d="M0,${H} L0,300 C160,286 400,292 ${W},310 L${W},${H} Z" fill="#ecd29c"/>
    <g transform="translate(110 300) rotate(${sway.toFixed(2)})">
      <path d="M0,0 C6,-60 14,-120 30,-170" stroke="#7a5230" stroke-width="11" fill="none" stroke-linecap="round"/>
      <g transform="translate(30 -170)" fill="#2e7d32">
        <path d="M0,0 C30,-20 70,-10 90,20 C60,0 30,0 0,0 Z"/><path d="M0,0 C-30,-20 -70,-10 -90,20 C-60,0 -30,0 0,0 Z"/>
        <path d="M0,0 C20,-40 60,-50 80,-40 C50,-30 20,-20 0,0 Z"/><path d="M0,0 C-20,-40 -60,-50 -80,-40 C-50,-30 -20,-20 0,0 Z"/>
        <path d="M0,0 C10,30 20,60 10,80 C0,50 -5,30 0,0 Z"/>
      </g>
    </g>`;
  },
  // Hot air balloons bobbing over green hills, clouds drifting by (the activity pictures).
  'balloons-rising'(t) {
    const drift = (offset: number, speed: number) => (((t * speed + offset) % 1) + 1) % 1;
    return `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd3f0"/><stop offset="1" stop-color="#fbe8c8"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${cloud(drift(0.1, 1) * (W + 160) - 80, 60, 1.1)}${cloud(drift(0.6, 1) * (W + 160) - 80, 120, 0.8)}
    ${balloon(170, 150 + 14 * Math.sin(t * TAU), 1.25, '#e53935', '#ffca28')}
    ${balloon(420, 110 + 10 * Math.sin(t * TAU + 2), 0.9, '#1e88e5', '#ffffff')}
    ${balloon(540, 190 + 8 * Math.sin(t * TAU + 4), 0.6, '#8e24aa', '#ffb74d')}
    <path d="M0,${H} L0,280 C120,240 240,250 340,280 C440,305 540,260 ${W},270 L${W},${H} Z" fill="#7cb342"/>
    <path d="M0,${H} L0,310 C140,290 260,300 380,320 C480,334 560,310 ${W},316 L${W},${H} Z" fill="#558b2f"/>
    <g fill="#33691e"><circle cx="80" cy="300" r="14"/><circle cx="100" cy="305" r="10"/><circle cx="590" cy="298" r="12"/></g>`;
  },
};

function svgFrame(video: DemoVideo, frame: number): string {
  const body = PAINTERS[video.name](frame / FRAMES);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** WebVTT cues from the narration's lines, each shown over its own time span. */
function webVtt(video: DemoVideo): string {
  const stamp = (ms: number) =>
    `00:00:${String(Math.floor(ms / 1000)).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  const cues = (video.narration ?? []).map((line) => `${stamp(line.fromMs)} --> ${stamp(line.toMs)}\n${line.text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function make(video: DemoVideo, work: string): Promise<void> {
  const frames = path.join(work, video.name);
  mkdirSync(frames, { recursive: true });
  for (let frame = 0; frame < FRAMES; frame++) {
    await sharp(Buffer.from(svgFrame(video, frame)))
      .png()
      .toFile(path.join(frames, `${String(frame).padStart(4, '0')}.png`));
  }
  await sharp(path.join(frames, '0000.png'))
    .webp({ quality: 72 })
    .toFile(path.join(OUT, `${video.name}.webp`));
  const input = ['-y', '-framerate', String(FPS), '-i', path.join(frames, '%04d.png')];
  let audio: string[] = [];
  if (video.narration) {
    // The narration, each line at its cue's start, padded with silence to the video's length.
    const parts = video.narration.map((line, index) => {
      const wav = path.join(work, `${video.name}-${index}.wav`);
      run('espeak-ng', ['-v', 'en-gb', '-s', '150', '-w', wav, line.text]);
      return { wav, fromMs: line.fromMs };
    });
    const mixed = path.join(work, `${video.name}.wav`);
    const inputs = parts.flatMap((part) => ['-i', part.wav]);
    const delays = parts.map((part, index) => `[${index}]adelay=${part.fromMs}|${part.fromMs}[a${index}]`).join(';');
    const labels = parts.map((_, index) => `[a${index}]`).join('');
    run('ffmpeg', [
      '-y',
      ...inputs,
      '-filter_complex',
      `${delays};${labels}amix=inputs=${parts.length}:normalize=0,apad=whole_dur=${SECONDS},atrim=0:${SECONDS}[out]`,
      '-map',
      '[out]',
      '-ac',
      '1',
      '-ar',
      '48000',
      mixed,
    ]);
    input.push('-i', mixed);
    audio = ['-map', '0:v', '-map', '1:a', '-shortest'];
    writeFileSync(path.join(OUT, `${video.name}.vtt`), webVtt(video));
  }
  const common = [...input, ...audio, '-t', String(SECONDS), '-pix_fmt', 'yuv420p'];
  run('ffmpeg', [
    ...common,
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2'],
    ...(video.narration ? ['-c:a', 'libopus', '-b:a', '24k'] : ['-an']),
    path.join(OUT, `${video.name}.webm`),
  ]);
  run('ffmpeg', [
    ...common,
    ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'main', '-movflags', '+faststart'],
    ...(video.narration ? ['-c:a', 'aac', '-b:a', '32k'] : ['-an']),
    path.join(OUT, `${video.name}.mp4`),
  ]);
  const size = (ext: string) => `${ext} ${Math.round(statSync(path.join(OUT, `${video.name}.${ext}`)).size / 1024)} KB`;
  console.log(`${video.name}: ${['webm', 'mp4', 'webp'].map(size).join(', ')}`);
}

const work = mkdtempSync(path.join(tmpdir(), 'deal-videos-'));
try {
  mkdirSync(OUT, { recursive: true });
  for (const video of DEMO_VIDEOS) await make(video, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
