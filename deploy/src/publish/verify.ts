/** Before an entry goes into remotes.json: does the build it names load? */
import { checkManifest, parseManifest } from '@maison/host/hosting';
import { entryUrlOf, serverEntryUrl } from '@maison/host/contract';

/** The build at `manifestUrl` as remote `name`: its version when it would load, why not otherwise; without `contract`, only its version is read. */
export async function checkBuild(
  name: string,
  manifestUrl: string,
  { fetch, contract }: { fetch: typeof globalThis.fetch; contract?: string },
): Promise<{ buildVersion: string } | { problem: string }> {
  try {
    const response = await fetch(manifestUrl);
    if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
    const manifest: unknown = await response.json().catch(() => Promise.reject(new Error(`${manifestUrl}: not JSON`)));
    // Read through the host's schema first: every file it names is inside the build.
    const parsed = parseManifest(manifestUrl, manifest, name);
    if (contract === undefined) return { buildVersion: parsed.metaData.buildInfo?.buildVersion ?? 'unknown' };
    const { buildVersion } = checkManifest(manifestUrl, manifest, contract, name);
    const server = serverEntryUrl(manifestUrl, parsed);
    for (const file of server ? [entryUrlOf(manifestUrl), server] : [entryUrlOf(manifestUrl)]) {
      const answer = await fetch(file);
      if (!answer.ok) return { problem: `${file}: HTTP ${answer.status}` };
    }
    return { buildVersion };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
