/** The security headers: the shop's CSP on pages, a closed policy on everything else. */
// Why: docs/decisions/serving.md#two-policies
import { parseRemotesJson, remoteOrigins, originProblem } from '@maison/host/contract';
import { REMOTES_RULES, SHOP_ORIGIN } from '../environment/layout.ts';
import { inlineSource, type InlineCode } from '../render/renderRecord.ts';

/** remotes.json's text as the servers read it (not JSON: no remote), and the other origins remote code comes from (the policy's). */
export function servedRemotes(text: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = null;
  }
  const parsed = parseRemotesJson(raw, REMOTES_RULES);
  return { locations: parsed.locations, problems: parsed.problems, origins: remoteOrigins(parsed.locations, SHOP_ORIGIN) };
}

/** An origin as a policy source, checked again here so a bad entry never opens the policy. */
export function policySource(origin: string): string {
  const url = new URL(origin);
  const problem = originProblem(url);
  if (problem || url.origin !== origin) throw new Error(`"${origin}" cannot be named in the Content-Security-Policy: ${problem}`);
  return origin;
}

/** Whether the hash sources `allowed` allow all of `code` (its texts): a page carrying anything else is not served with them. */
export function allowsInline(allowed: InlineCode | undefined, code: InlineCode): boolean {
  const all = (texts: string[], sources: string[] = []) => texts.every((text) => sources.includes(inlineSource(text)));
  return all(code.scripts, allowed?.scripts) && all(code.styles, allowed?.styles);
}

/** The shop's page policy, why: docs/decisions/serving.md#page-policy */
export function pagePolicy({ origins }: { origins: readonly string[] }, inline: InlineCode = { scripts: [], styles: [] }): string {
  const sources = ["'self'", ...origins.map(policySource)].join(' ');
  const withHashes = (hashes: string[]) => [sources, ...hashes.filter(isHashSource)].join(' ');
  return [
    `default-src ${sources}`,
    `script-src ${withHashes(inline.scripts)}`,
    `style-src ${withHashes(inline.styles)}`,
    `connect-src ${sources}`,
    `img-src ${sources}`,
    "font-src 'self'",
    ...['object', 'child', 'frame', 'worker', 'media', 'manifest'].map((kind) => `${kind}-src 'none'`),
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Checked where it is written: whatever a render record read from disk holds, only a hash can open the policy. */
const isHashSource = (source: string) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source);

export const FILE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The shop uses none of these browser features. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export function securityHeaders(policy: string): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}
