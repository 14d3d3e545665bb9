/** Before an entry goes into remotes.json: does the build it names load? */
import { checkManifest, parseManifest } from '@maison/host/hosting';
import { entryUrlOf, serverEntryUrl } from '@maison/host/contract';

/** The version of the build at `manifestUrl` as remote `name`, read through the host's schema; else why not. */
export async function buildVersionOf(
  name: string,
  manifestUrl: string,
  fetch: typeof globalThis.fetch,
): Promise<{ buildVersion: string } | { problem: string }> {
  try {
    const response = await fetch(manifestUrl);
    if (!response.ok) return { problem: `${manifestUrl}: HTTP ${response.status}` };
    const manifest = (await response.json().catch(() => undefined)) as unknown;
    const { metaData } = parseManifest(manifestUrl, manifest, name);
    return { buildVersion: metaData.buildInfo?.buildVersion ?? 'unknown' };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** The build at `manifestUrl` as remote `name`: its version when it would load, why not otherwise. */
export async function checkBuild(
  name: string,
  manifestUrl: string,
  { fetch, contract }: { fetch: typeof globalThis.fetch; contract: string },
): Promise<{ buildVersion: string } | { problem: string }> {
  const problem = (text: string) => ({ problem: text });
  try {
    const response = await fetch(manifestUrl);
    if (!response.ok) return problem(`${manifestUrl}: HTTP ${response.status}`);
    let manifest: unknown;
    try {
      manifest = await response.json();
    } catch {
      return problem(`${manifestUrl}: not JSON`);
    }
    // Read through the host's schema first: every file it names is inside the build.
    const { buildVersion } = checkManifest(manifestUrl, manifest, contract, name);
    const server = serverEntryUrl(manifestUrl, parseManifest(manifestUrl, manifest, name));
    const files = server ? [entryUrlOf(manifestUrl), server] : [entryUrlOf(manifestUrl)];
    for (const file of files) {
      const answer = await fetch(file);
      if (!answer.ok) return problem(`${file}: HTTP ${answer.status}`);
    }
    return { buildVersion };
  } catch (error) {
    return problem((error as Error).message);
  }
}
