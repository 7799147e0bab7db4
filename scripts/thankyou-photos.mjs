#!/usr/bin/env node
/**
 * Draws the thank-you demo's hero picture, an over-and-under view of a reef at
 * dusk, as SVG at three widths under static/img/thankyou/. No image library
 * here can rasterise, so the sizes differ in detail (and so in bytes) rather
 * than in pixels; a photograph from the organisation replaces them in real use.
 *
 *   node scripts/thankyou-photos.mjs
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'static', 'img', 'thankyou');
const W = 1600;
const H = 900;
const WATERLINE = 300;
export const SIZES = [
  {width: 480, detail: 0.35},
  {width: 960, detail: 0.7},
  {width: 1600, detail: 1},
];

/**
 * @typedef {() => number} Rand a number in [0, 1)
 * @typedef {{width: number, detail: number}} Size
 */

/**
 * A small seeded generator, so every run draws the same picture.
 * @param {number} seed
 * @returns {Rand}
 */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (/** @type {number} */ value) => Math.round(value * 10) / 10;

function defs() {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2b53"/><stop offset=".55" stop-color="#c8566e"/><stop offset="1" stop-color="#f6b36b"/></linearGradient>
<radialGradient id="sun" cx="1120" cy="${WATERLINE - 40}" r="260" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff3c4"/><stop offset=".18" stop-color="#ffd27a" stop-opacity=".9"/><stop offset="1" stop-color="#f6b36b" stop-opacity="0"/></radialGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a9bb5"/><stop offset=".45" stop-color="#0d5f7e"/><stop offset="1" stop-color="#06263a"/></linearGradient>
<linearGradient id="ray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e6fbff" stop-opacity=".35"/><stop offset="1" stop-color="#e6fbff" stop-opacity="0"/></linearGradient>
<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a7a5c"/><stop offset="1" stop-color="#2d2a22"/></linearGradient>
<radialGradient id="haze" cx=".5" cy=".2" r=".8"><stop offset="0" stop-color="#7fd3e0" stop-opacity=".25"/><stop offset="1" stop-color="#06263a" stop-opacity="0"/></radialGradient>
</defs>`;
}

function sky() {
  const island = `M 120 ${WATERLINE} C 220 ${WATERLINE - 60} 330 ${WATERLINE - 95} 430 ${WATERLINE - 70} C 520 ${WATERLINE - 50} 600 ${WATERLINE - 20} 680 ${WATERLINE} Z`;
  return `<rect width="${W}" height="${WATERLINE}" fill="url(#sky)"/><rect width="${W}" height="${WATERLINE}" fill="url(#sun)"/><circle cx="1120" cy="${WATERLINE - 40}" r="34" fill="#fff6d6"/><path d="${island}" fill="#2b1f3a" opacity=".85"/>`;
}

/**
 * @param {Rand} rand
 * @param {number} detail
 */
function sea(rand, detail) {
  const parts = [`<rect y="${WATERLINE}" width="${W}" height="${H - WATERLINE}" fill="url(#sea)"/>`];
  // Sunlight in shafts from the surface, fanning out below the sun.
  const rays = Math.round(9 * detail) + 3;
  for (let i = 0; i < rays; i += 1) {
    const x = 700 + rand() * 900;
    const spread = 40 + rand() * 120;
    const lean = (x - 1120) * 0.5;
    parts.push(
      `<path d="M ${n(x)} ${WATERLINE} L ${n(x + 18 + rand() * 30)} ${WATERLINE} L ${n(x + lean + spread)} ${H} L ${n(x + lean - spread * 0.4)} ${H} Z" fill="url(#ray)" opacity="${n(0.4 + rand() * 0.5)}"/>`,
    );
  }
  // The sun's glitter on the surface, and the bright, wavy underside of the waterline.
  const glints = Math.round(70 * detail) + 10;
  for (let i = 0; i < glints; i += 1) {
    const x = 1120 + (rand() - 0.5) * 700 * rand();
    const y = WATERLINE - 2 - rand() * 6;
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(6 + rand() * 30)}" height="1.6" fill="#fff1c9" opacity="${n(0.4 + rand() * 0.6)}"/>`,
    );
  }
  let wave = `M 0 ${WATERLINE}`;
  for (let x = 0; x <= W; x += 40) wave += ` Q ${x + 20} ${n(WATERLINE + 6 + rand() * 8)} ${x + 40} ${WATERLINE}`;
  parts.push(`<path d="${wave} L ${W} ${WATERLINE + 22} L 0 ${WATERLINE + 22} Z" fill="#bfeef5" opacity=".35"/>`);
  parts.push(`<rect y="${WATERLINE}" width="${W}" height="${H - WATERLINE}" fill="url(#haze)"/>`);
  return parts.join('');
}

/**
 * @param {Rand} rand
 * @param {number} x
 * @param {number} base
 * @param {number} height
 * @param {string} colour
 * @param {number} depth
 */
function branchCoral(rand, x, base, height, colour, depth) {
  let d = '';
  /** @type {(x0: number, y0: number, angle: number, length: number, level: number) => void} */
  const grow = (x0, y0, angle, length, level) => {
    const x1 = x0 + Math.cos(angle) * length;
    const y1 = y0 - Math.sin(angle) * length;
    d += `M ${n(x0)} ${n(y0)} L ${n(x1)} ${n(y1)} `;
    if (level >= depth) return;
    const forks = 2 + (rand() < 0.3 ? 1 : 0);
    for (let i = 0; i < forks; i += 1) grow(x1, y1, angle + (rand() - 0.5) * 1.1, length * (0.62 + rand() * 0.2), level + 1);
  };
  grow(x, base, Math.PI / 2 + (rand() - 0.5) * 0.3, height * 0.38, 0);
  const width = Math.max(2.5, height / 22);
  return `<path d="${d}" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" fill="none"/>`;
}

/**
 * @param {Rand} rand
 * @param {number} detail
 */
function reef(rand, detail) {
  const parts = [];
  let floor = `M 0 ${H} L 0 760`;
  for (let x = 0; x <= W; x += 80) floor += ` Q ${x + 40} ${n(720 + rand() * 60)} ${x + 80} ${n(745 + rand() * 40)}`;
  parts.push(`<path d="${floor} L ${W} ${H} Z" fill="url(#sand)"/>`);
  const colours = ['#e0705a', '#f29e6d', '#c94f7c', '#f4c95d', '#8fd0a1', '#e5848f'];
  /** @param {number} i the colour after the list's last comes round to its first */
  const colour = (i) => {
    const found = colours[i % colours.length];
    if (found === undefined) throw new Error('no colours to draw with');
    return found;
  };
  // Far corals first, small and hazy; near ones last, large and strong.
  const far = Math.round(26 * detail) + 4;
  for (let i = 0; i < far; i += 1) {
    const x = rand() * W;
    parts.push(`<g opacity=".45">${branchCoral(rand, x, 760 + rand() * 20, 60 + rand() * 50, colour(i), 3)}</g>`);
  }
  const brains = Math.round(10 * detail) + 2;
  for (let i = 0; i < brains; i += 1) {
    const x = rand() * W;
    const r = 30 + rand() * 45;
    parts.push(`<ellipse cx="${n(x)}" cy="${n(835 + rand() * 20)}" rx="${n(r * 1.4)}" ry="${n(r)}" fill="${colour(i + 2)}" opacity=".9"/>`);
    for (let k = 1; k < 4; k += 1) {
      parts.push(
        `<ellipse cx="${n(x)}" cy="${n(840)}" rx="${n(r * 1.4 - k * 9)}" ry="${n(Math.max(4, r - k * 9))}" fill="none" stroke="#00000033" stroke-width="2"/>`,
      );
    }
  }
  const near = Math.round(14 * detail) + 3;
  for (let i = 0; i < near; i += 1) {
    const x = rand() * W;
    parts.push(branchCoral(rand, x, 880, 140 + rand() * 120, colour(i + 4), detail > 0.5 ? 4 : 3));
  }
  // A sea fan: a lattice of thin lines in a half-disc.
  const fanX = 260;
  let fan = '';
  for (let a = 0.2; a < Math.PI - 0.2; a += 0.12 / Math.max(detail, 0.4)) {
    fan += `M ${fanX} 860 L ${n(fanX + Math.cos(a) * 190)} ${n(860 - Math.sin(a) * 210)} `;
  }
  parts.push(`<path d="${fan}" stroke="#b8406f" stroke-width="2.4" fill="none" opacity=".85"/>`);
  return parts.join('');
}

/**
 * @param {Rand} rand
 * @param {number} detail
 */
function fish(rand, detail) {
  const parts = [];
  const school = Math.round(60 * detail) + 8;
  for (let i = 0; i < school; i += 1) {
    const cx = 380 + rand() * 620 + Math.sin(i) * 40;
    const cy = 430 + rand() * 160 + Math.cos(i * 1.7) * 30;
    const s = 5 + rand() * 6;
    parts.push(
      `<path d="M ${n(cx - s * 1.6)} ${n(cy)} Q ${n(cx)} ${n(cy - s)} ${n(cx + s * 1.6)} ${n(cy)} Q ${n(cx)} ${n(cy + s)} ${n(cx - s * 1.6)} ${n(cy)} Z M ${n(cx - s * 1.5)} ${n(cy)} L ${n(cx - s * 2.6)} ${n(cy - s * 0.8)} L ${n(cx - s * 2.6)} ${n(cy + s * 0.8)} Z" fill="#dff6fb" opacity="${n(0.55 + rand() * 0.35)}"/>`,
    );
  }
  // One turtle, unhurried, in the light.
  parts.push(
    `<g transform="translate(1180 520) rotate(-12)" opacity=".92"><ellipse rx="70" ry="44" fill="#5a6b3a"/><ellipse rx="56" ry="33" fill="#7d8c4a"/><path d="M -40 -20 L 40 20 M -40 20 L 40 -20 M 0 -33 L 0 33" stroke="#5a6b3a" stroke-width="4"/><ellipse cx="86" cy="-4" rx="20" ry="14" fill="#8b9a5a"/><path d="M 30 -40 Q 70 -90 110 -70 Q 70 -50 40 -30 Z M 30 40 Q 70 90 110 70 Q 70 50 40 30 Z M -50 -30 Q -80 -60 -96 -44 Q -76 -34 -56 -22 Z M -50 30 Q -80 60 -96 44 Q -76 34 -56 22 Z" fill="#6b7b45"/></g>`,
  );
  const bubbles = Math.round(40 * detail) + 6;
  for (let i = 0; i < bubbles; i += 1) {
    const x = 1230 + (rand() - 0.5) * 80;
    const y = WATERLINE + 20 + rand() * 200;
    parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(1.5 + rand() * 4)}" fill="none" stroke="#e6fbff" stroke-opacity=".6"/>`);
  }
  return parts.join('');
}

/** @param {Size} size */
export function drawReef({width, detail}) {
  const rand = random(20260314);
  const height = Math.round((width * H) / W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${defs()}${sky()}${sea(rand, detail)}${reef(rand, detail)}${fish(rand, detail)}</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(OUT, {recursive: true});
  for (const size of SIZES) {
    const file = join(OUT, `reef-${size.width}.svg`);
    const svg = drawReef(size);
    writeFileSync(file, svg);
    console.log(`${file}: ${(svg.length / 1024).toFixed(1)} KB`);
  }
}
