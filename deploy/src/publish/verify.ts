/** Before an entry goes into remotes.json: does the build it names load? */
import { checkManifest, parseManifest } from '@maison/host/hosting';
import { entryUrlOf, serverEntryUrl } from '@maison/host/contract';

type BuildOrProblem = { buildVersion: string } | { problem: string };

async function manifestAt(manifestUrl: string, fetch: typeof globalThis.fetch): Promise<unknown> {
  const response = await fetch(manifestUrl);
  if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
  return response.json().catch(() => Promise.reject(new Error(`${manifestUrl}: not JSON`)));
}

/** The version of the build at `manifestUrl` as remote `name`, read through the host's schema; else why not. */
export async function buildVersionOf(name: string, manifestUrl: string, fetch: typeof globalThis.fetch): Promise<BuildOrProblem> {
  try {
    const { metaData } = parseManifest(manifestUrl, await manifestAt(manifestUrl, fetch), name);
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
): Promise<BuildOrProblem> {
  try {
    const manifest = await manifestAt(manifestUrl, fetch);
    // Read through the host's schema first: every file it names is inside the build.
    const { buildVersion } = checkManifest(manifestUrl, manifest, contract, name);
    const server = serverEntryUrl(manifestUrl, parseManifest(manifestUrl, manifest, name));
    for (const file of server ? [entryUrlOf(manifestUrl), server] : [entryUrlOf(manifestUrl)]) {
      const answer = await fetch(file);
      if (!answer.ok) return { problem: `${file}: HTTP ${answer.status}` };
    }
    return { buildVersion };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
