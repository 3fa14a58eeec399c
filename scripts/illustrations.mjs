/**
 * The bundled product, category and blog illustrations, drawn as SVG (scripts/make-images.mjs encodes
 * them to WebP). They carry no words: a picture is shown in both languages, and text drawn into it
 * cannot be translated and collides with the titles the cards print over it.
 */
const palettes = {
  dairy: ['#0f2a4a', '#2f5590', '#e8f1fb'],
  cocoa: ['#2a1408', '#6b3a1c', '#f3d9b8'],
  coffee: ['#1d120b', '#4d2f1d', '#e7c79c'],
  meat: ['#3a0d12', '#8a2a2f', '#f6d2c8'],
  grains: ['#3b2a07', '#a07a1c', '#fbeab0'],
  sugar: ['#16324f', '#5a86b3', '#ffffff'],
  oilseeds: ['#1e3212', '#5b7a2a', '#f1e7b5'],
  fruit: ['#3a1d05', '#d9761b', '#ffe2a8'],
  trade: ['#0b1f38', '#0f766e', '#ccfbf1'],
  escrow: ['#0b1f38', '#1e3a8a', '#dbeafe'],
  kyc: ['#0b1f38', '#155e75', '#cffafe'],
};

function background(w, h, [dark, mid]) {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.75" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="10" stdDeviation="14" flood-color="#000" flood-opacity="0.35"/>
    </filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
  <g opacity="0.07" stroke="#fff" stroke-width="1">
    ${Array.from({ length: Math.ceil(w / 40) }, (_, i) => `<line x1="${i * 40}" y1="0" x2="${i * 40}" y2="${h}"/>`).join('')}
    ${Array.from({ length: Math.ceil(h / 40) }, (_, i) => `<line x1="0" y1="${i * 40}" x2="${w}" y2="${i * 40}"/>`).join('')}
  </g>
  <ellipse cx="${w / 2}" cy="${h * 0.86}" rx="${w * 0.36}" ry="${h * 0.06}" fill="#000" opacity="0.25"/>`;
}

const bean = (x, y, r, rot, fill, line) =>
  `<g transform="translate(${x} ${y}) rotate(${rot})"><ellipse rx="${r}" ry="${r * 0.72}" fill="${fill}"/><path d="M${-r * 0.8} 0 C ${-r * 0.3} ${-r * 0.35}, ${r * 0.3} ${r * 0.35}, ${r * 0.8} 0" stroke="${line}" stroke-width="${r * 0.12}" fill="none" stroke-linecap="round"/></g>`;

function seeded(seed) {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

const motifs = {
  dairy: (w, h, p) => `
    <g filter="url(#shadow)">
      <path d="M${w * 0.3} ${h * 0.3} q0 -30 30 -36 h${w * 0.16} q30 6 30 36 v${h * 0.5} h-${w * 0.16 + 60} z" fill="#f8fafc"/>
      <rect x="${w * 0.3}" y="${h * 0.42}" width="${w * 0.16 + 60}" height="${h * 0.2}" fill="${p[1]}"/>
      <path d="M${w * 0.3 + (w * 0.16 + 60) / 2} ${h * 0.45} c ${h * 0.05} ${h * 0.06}, ${h * 0.05} ${h * 0.12}, 0 ${h * 0.13} c -${h * 0.05} -${h * 0.01}, -${h * 0.05} -${h * 0.07}, 0 -${h * 0.13} z" fill="#fff"/>
      <rect x="${w * 0.3 + 20}" y="${h * 0.24}" width="${w * 0.16 + 20}" height="14" rx="7" fill="#cbd5e1"/>
      <path d="M${w * 0.6} ${h * 0.45} h${w * 0.14} l-14 ${h * 0.35} h-${w * 0.14 - 28} z" fill="#ffffff" opacity="0.92"/>
      <path d="M${w * 0.6 + 6} ${h * 0.52} h${w * 0.14 - 12} l-11 ${h * 0.27} h-${w * 0.14 - 34} z" fill="${p[2]}"/>
    </g>
    <g fill="#fff" opacity="0.9">
      <circle cx="${w * 0.72}" cy="${h * 0.86}" r="34"/><circle cx="${w * 0.77}" cy="${h * 0.84}" r="26"/><circle cx="${w * 0.67}" cy="${h * 0.85}" r="22"/>
    </g>`,
  cocoa: (w, h, p) => `
    <g filter="url(#shadow)" transform="translate(${w * 0.36} ${h * 0.5}) rotate(-20)">
      <ellipse rx="${w * 0.17}" ry="${h * 0.2}" fill="#a0521d"/>
      ${[-0.1, -0.05, 0, 0.05, 0.1].map((k) => `<path d="M${w * k} ${-h * 0.19} Q ${w * k * 1.4} 0 ${w * k} ${h * 0.19}" stroke="#6b3410" stroke-width="5" fill="none"/>`).join('')}
      <ellipse rx="${w * 0.17}" ry="${h * 0.2}" fill="url(#glow)"/>
    </g>
    <g filter="url(#shadow)">
      <rect x="${w * 0.55}" y="${h * 0.42}" width="${w * 0.22}" height="${h * 0.3}" rx="10" fill="#3b1d0c"/>
      ${[0, 1, 2].map((i) => `<rect x="${w * 0.56 + i * w * 0.07}" y="${h * 0.44}" width="${w * 0.065}" height="${h * 0.12}" rx="4" fill="#4a2512"/><rect x="${w * 0.56 + i * w * 0.07}" y="${h * 0.58}" width="${w * 0.065}" height="${h * 0.12}" rx="4" fill="#4a2512"/>`).join('')}
    </g>
    ${[0, 1, 2, 3].map((i) => bean(w * (0.2 + i * 0.06), h * 0.82, 16, i * 40, p[2], '#8a5a35')).join('')}`,
  coffee: (w, h) => {
    const rand = seeded(7);
    return `
    <g filter="url(#shadow)">
      <path d="M${w * 0.22} ${h * 0.8} q-16 -${h * 0.3} 20 -${h * 0.5} h${w * 0.2} q36 ${h * 0.2} 20 ${h * 0.5} z" fill="#c9a66b"/>
      <path d="M${w * 0.25} ${h * 0.32} h${w * 0.2}" stroke="#8a6a3a" stroke-width="10" stroke-linecap="round"/>
      ${bean(w * 0.345, h * 0.56, h * 0.07, -30, '#5b3d1c', '#c9a66b')}
    </g>
    ${Array.from({ length: 26 }, () => bean(w * (0.52 + rand() * 0.3), h * (0.35 + rand() * 0.45), 18 + rand() * 6, rand() * 180, '#5a3420', '#2a160b')).join('')}`;
  },
  meat: (w, h) => `
    <g filter="url(#shadow)">
      <ellipse cx="${w * 0.5}" cy="${h * 0.62}" rx="${w * 0.32}" ry="${h * 0.18}" fill="#e5e7eb"/>
      <path d="M${w * 0.3} ${h * 0.55} c ${w * 0.05} -${h * 0.22}, ${w * 0.35} -${h * 0.22}, ${w * 0.4} 0 c ${w * 0.02} ${h * 0.14}, -${w * 0.38} ${h * 0.2}, -${w * 0.4} 0 z" fill="#b4232d"/>
      <path d="M${w * 0.36} ${h * 0.52} c ${w * 0.08} -${h * 0.06}, ${w * 0.2} -${h * 0.06}, ${w * 0.28} 0" stroke="#f8d7da" stroke-width="6" fill="none" stroke-linecap="round"/>
      <path d="M${w * 0.4} ${h * 0.6} c ${w * 0.06} -${h * 0.04}, ${w * 0.14} -${h * 0.02}, ${w * 0.2} 0.01" stroke="#f8d7da" stroke-width="4" fill="none" stroke-linecap="round"/>
      <circle cx="${w * 0.58}" cy="${h * 0.47}" r="${h * 0.03}" fill="#f5f5f4"/>
    </g>
    <g transform="translate(${w * 0.86} ${h * 0.5})" fill="none" stroke="#e0f2fe" stroke-width="4" stroke-linecap="round" opacity="0.85">
      <path d="M0 -30 v60 M-26 -15 l52 30 M-26 15 l52 -30"/>
    </g>`,
  grains: (w, h) => {
    const stalk = (x, tilt) => `
      <g transform="translate(${x} ${h * 0.85}) rotate(${tilt})">
        <path d="M0 0 V-${h * 0.55}" stroke="#e9c46a" stroke-width="5"/>
        ${Array.from({ length: 7 }, (_, i) => `<ellipse cx="-11" cy="${-h * 0.25 - i * 22}" rx="9" ry="17" transform="rotate(-28 -11 ${-h * 0.25 - i * 22})" fill="#f4d06f"/><ellipse cx="11" cy="${-h * 0.25 - i * 22 - 10}" rx="9" ry="17" transform="rotate(28 11 ${-h * 0.25 - i * 22 - 10})" fill="#eab44a"/>`).join('')}
      </g>`;
    return `<g filter="url(#shadow)">${stalk(w * 0.35, -12)}${stalk(w * 0.45, -4)}${stalk(w * 0.55, 5)}${stalk(w * 0.65, 13)}</g>`;
  },
  sugar: (w, h) => {
    const cube = (x, y, s) =>
      `<g transform="translate(${x} ${y})"><path d="M0 0 l${s} -${s / 2} l${s} ${s / 2} l-${s} ${s / 2} z" fill="#ffffff"/><path d="M0 0 v${s} l${s} ${s / 2} v-${s} z" fill="#e2e8f0"/><path d="M${2 * s} 0 v${s} l-${s} ${s / 2} v-${s} z" fill="#cbd5e1"/></g>`;
    return `<g filter="url(#shadow)">${cube(w * 0.3, h * 0.55, 70)}${cube(w * 0.47, h * 0.6, 70)}${cube(w * 0.38, h * 0.38, 70)}${cube(w * 0.6, h * 0.42, 50)}</g>
      <g fill="#fff" opacity="0.8">${Array.from({ length: 30 }, (_, i) => `<circle cx="${w * 0.2 + ((i * 37) % (w * 0.6))}" cy="${h * 0.84 + ((i * 13) % 20)}" r="3"/>`).join('')}</g>`;
  },
  oilseeds: (w, h) => {
    const rand = seeded(11);
    return `
    <g filter="url(#shadow)" transform="translate(${w * 0.3} ${h * 0.55}) rotate(-25)">
      <path d="M-${w * 0.12} 0 c 0 -${h * 0.14}, ${w * 0.24} -${h * 0.14}, ${w * 0.24} 0 c 0 ${h * 0.14}, -${w * 0.24} ${h * 0.14}, -${w * 0.24} 0 z" fill="#7c8f3a"/>
      ${[-0.06, 0, 0.06].map((k) => `<circle cx="${w * k}" cy="0" r="${h * 0.06}" fill="#a3b454"/>`).join('')}
    </g>
    ${Array.from({ length: 30 }, () => `<circle cx="${w * (0.5 + rand() * 0.3)}" cy="${h * (0.45 + rand() * 0.38)}" r="${13 + rand() * 5}" fill="#f1d98b" stroke="#c9a94f" stroke-width="2"/>`).join('')}`;
  },
  fruit: (w, h) => `
    <g filter="url(#shadow)">
      <circle cx="${w * 0.38}" cy="${h * 0.55}" r="${h * 0.22}" fill="#f59e0b"/>
      <circle cx="${w * 0.38}" cy="${h * 0.55}" r="${h * 0.22}" fill="url(#glow)"/>
      <path d="M${w * 0.38} ${h * 0.33} q 30 -40 70 -30 q -20 40 -70 30" fill="#4d7c0f"/>
      <circle cx="${w * 0.62}" cy="${h * 0.62}" r="${h * 0.17}" fill="#fde68a"/>
      <circle cx="${w * 0.62}" cy="${h * 0.62}" r="${h * 0.14}" fill="#fb923c"/>
      ${Array.from({ length: 8 }, (_, i) => `<path d="M${w * 0.62} ${h * 0.62} L ${w * 0.62 + Math.cos((i * Math.PI) / 4) * h * 0.13} ${h * 0.62 + Math.sin((i * Math.PI) / 4) * h * 0.13}" stroke="#fde68a" stroke-width="4"/>`).join('')}
    </g>`,
  trade: (w, h) => {
    const colours = ['#0ea5e9', '#14b8a6', '#f59e0b', '#ef4444', '#6366f1', '#22c55e'];
    return `
    <path d="M0 ${h * 0.78} Q ${w * 0.25} ${h * 0.74} ${w * 0.5} ${h * 0.78} T ${w} ${h * 0.78} V ${h} H 0 z" fill="#0b3b5a" opacity="0.85"/>
    <g filter="url(#shadow)">
      <path d="M${w * 0.14} ${h * 0.62} h${w * 0.72} l-${w * 0.06} ${h * 0.16} h-${w * 0.6} z" fill="#1f2937"/>
      ${Array.from({ length: 12 }, (_, i) => `<rect x="${w * 0.18 + (i % 6) * w * 0.1}" y="${h * 0.62 - (Math.floor(i / 6) + 1) * h * 0.1}" width="${w * 0.095}" height="${h * 0.095}" fill="${colours[(i * 5) % 6]}" stroke="#0f172a" stroke-width="2"/>`).join('')}
      <rect x="${w * 0.76}" y="${h * 0.32}" width="${w * 0.06}" height="${h * 0.3}" fill="#f8fafc"/>
    </g>`;
  },
  escrow: (w, h, p) => `
    <g filter="url(#shadow)">
      <path d="M${w * 0.5} ${h * 0.14} l${w * 0.16} ${h * 0.08} v${h * 0.24} c0 ${h * 0.2} -${w * 0.08} ${h * 0.3} -${w * 0.16} ${h * 0.36} c-${w * 0.08} -${h * 0.06} -${w * 0.16} -${h * 0.16} -${w * 0.16} -${h * 0.36} v-${h * 0.24} z" fill="${p[2]}"/>
      <path d="M${w * 0.44} ${h * 0.46} l${w * 0.04} ${h * 0.07} l${w * 0.09} -${h * 0.15}" stroke="#1e3a8a" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    </g>
    <g fill="#fbbf24" filter="url(#shadow)">
      ${[0, 1, 2, 3].map((i) => `<ellipse cx="${w * 0.2}" cy="${h * 0.8 - i * 18}" rx="${w * 0.07}" ry="16" stroke="#b45309" stroke-width="3"/>`).join('')}
      ${[0, 1, 2].map((i) => `<ellipse cx="${w * 0.8}" cy="${h * 0.8 - i * 18}" rx="${w * 0.07}" ry="16" stroke="#b45309" stroke-width="3"/>`).join('')}
    </g>
    <path d="M${w * 0.3} ${h * 0.7} h${w * 0.4}" stroke="#dbeafe" stroke-width="5" stroke-dasharray="4 14" stroke-linecap="round"/>`,
  kyc: (w, h) => `
    <g filter="url(#shadow)">
      <rect x="${w * 0.2}" y="${h * 0.26}" width="${w * 0.44}" height="${h * 0.5}" rx="22" fill="#f8fafc"/>
      <circle cx="${w * 0.31}" cy="${h * 0.45}" r="${h * 0.08}" fill="#94a3b8"/>
      <path d="M${w * 0.25} ${h * 0.66} c 0 -${h * 0.1}, ${w * 0.12} -${h * 0.1}, ${w * 0.12} 0" fill="#94a3b8"/>
      ${[0, 1, 2, 3].map((i) => `<rect x="${w * 0.41}" y="${h * 0.38 + i * h * 0.08}" width="${w * (0.18 - i * 0.025)}" height="12" rx="6" fill="#cbd5e1"/>`).join('')}
      <circle cx="${w * 0.7}" cy="${h * 0.66}" r="${h * 0.14}" fill="#14b8a6"/>
      <path d="M${w * 0.66} ${h * 0.66} l${w * 0.03} ${h * 0.05} l${w * 0.06} -${h * 0.1}" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    </g>`,
};

/** The SVG of one illustration: a theme's palette and motif on the shared background. */
export function illustrationSvg(theme, w, h) {
  const p = palettes[theme];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${background(w, h, p)}${motifs[theme](w, h, p)}</svg>`;
}

/** Every bundled illustration: its file (under apps/web/public/images, without .webp), theme and size. */
export const ILLUSTRATIONS = [
  ['ops/milk-powder', 'dairy', 800, 600],
  ['ops/cocoa-liquor', 'cocoa', 800, 450],
  ['ops/arabica-coffee', 'coffee', 800, 450],
  ['ops/beef-cuts', 'meat', 800, 450],
  ...['dairy', 'cocoa', 'coffee', 'meat', 'grains', 'sugar', 'oilseeds', 'fruit'].map((c) => [
    `categories/${c}`,
    c,
    800,
    450,
  ]),
  ['blog/pooled-trade', 'trade', 1200, 675],
  ['blog/escrow', 'escrow', 1200, 675],
  ['blog/kyc', 'kyc', 1200, 675],
];
