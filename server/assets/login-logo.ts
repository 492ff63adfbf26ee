/**
 * The default logo of the login page, an SVG written for this portal. It ships inside the
 * server bundle as text; the seed records it in the file store (server/db/seed-data/files.ts)
 * and the file service writes its bytes to FILES_DIR when they are missing.
 *
 * Its names are drawn in whatever font the viewer has, so each is held to a set length
 * (textLength, the letter spacing giving way): DejaVu Sans, system-ui on a plain Debian, drew
 * "Treasury Portal" 173 px wide from x 72, past the 240 px view box ("Treasury Porta").
 */
export const LOGIN_LOGO = {
  originalFileName: 'treasury-portal-logo.svg',
  mimeType: 'image/svg+xml',
  content: `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Treasury Portal">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#14b8a6"/>
      <stop offset="1" stop-color="#0f766e"/>
    </linearGradient>
  </defs>
  <rect x="4" y="4" width="56" height="56" rx="12" fill="url(#g)"/>
  <path d="M16 26 32 16l16 10v3H16z" fill="#fff"/>
  <path d="M19 32h5v14h-5zm10.5 0h5v14h-5zm10.5 0h5v14h-5z" fill="#fff"/>
  <rect x="15" y="48" width="34" height="4" rx="1" fill="#fff"/>
  <text x="72" y="30" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="20" font-weight="600" fill="#134e4a" textLength="160">Treasury Portal</text>
  <text x="72" y="52" font-family="system-ui, 'PingFang SC', 'Microsoft YaHei', sans-serif" font-size="16" fill="#0f766e" textLength="96">资金管理平台</text>
</svg>
`,
  /** The sha256 of the logo as shipped before, whose stored copies the server replaces with this one. */
  replaces: ['53af22c3972a9b639f806f75c2644ccd501eb392883903cf20eff77c929a4d30'],
} as const;
