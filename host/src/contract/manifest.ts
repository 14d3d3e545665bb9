/** A remote's federation manifest (mf-manifest.json) as the shop accepts it: another team's data. */
// Why: docs/decisions/contract.md#manifest
import * as v from 'valibot';
import { issuePath, shown } from './readJson.ts';

const INSIDE_BUILD = 'must be a relative path inside the build';
const BESIDE_MANIFEST = "must not be set: a build's files are beside its manifest";

/** A path segment as builds name files (letters, digits, `_ . ~ @ + -`), never `.` or `..`. */
const SEGMENT = /^[\w.~@+-]+$/;
const isFileInBuild = (path: string) =>
  path.length <= 512 && path.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
/** A folder as the runtime joins it with a file name: "", ".", "./", "server/". */
const isFolderInBuild = (path: string) => {
  const inner = path.replace(/^\.\/?/, '').replace(/\/$/, '');
  return inner === '' || isFileInBuild(inner);
};

const inBuild = (isInBuild: (path: string) => boolean) => v.pipe(v.string(INSIDE_BUILD), v.check(isInBuild, INSIDE_BUILD));
const fileInBuild = inBuild(isFileInBuild);
const folderInBuild = inBuild(isFolderInBuild);
const optionalFileOrNone = v.optional(inBuild((path) => path === '' || isFileInBuild(path)));
const filesInBuild = v.array(fileInBuild, 'must be a list of files inside the build');
const syncAndAsync = v.optional(v.looseObject({ sync: v.optional(filesInBuild), async: v.optional(filesInBuild) }));

/** A module's or a shared library's own files: what a page preloads and carries inline. */
const assetsSchema = v.looseObject({ js: syncAndAsync, css: syncAndAsync });

/** A name the runtime keys globals and module ids by: letters, digits and underscores. */
const plainName = v.pipe(v.string('must be text'), v.regex(/^[A-Za-z_][\w]{0,63}$/, 'must be a plain name (letters, digits, _)'));

const metaDataSchema = v.pipe(
  v.looseObject(
    {
      name: v.optional(v.string('must be text')),
      buildInfo: v.optional(v.looseObject({ buildVersion: v.optional(v.string('must be text')) })),
      remoteEntry: v.optional(v.looseObject({ name: v.optional(fileInBuild), path: v.optional(folderInBuild) })),
      // The server build the renderer runs: only as the shop's server builds are made (webpack/server.ts).
      ssrRemoteEntry: v.optional(
        v.looseObject({
          name: fileInBuild,
          path: v.optional(folderInBuild),
          type: v.optional(v.literal('commonjs-module', 'must be "commonjs-module"')),
        }),
      ),
      types: v.optional(
        v.looseObject({ path: v.optional(folderInBuild), name: optionalFileOrNone, zip: optionalFileOrNone, api: optionalFileOrNone }),
      ),
      // The global its container is kept under: another name could overwrite one of the page's own.
      globalName: v.optional(plainName),
      publicPath: v.optional(v.literal('auto', 'must be "auto": a build\'s files are beside its manifest')),
      // The runtime runs getPublicPath as code, and fetches server files from ssrPublicPath.
      getPublicPath: v.optional(v.never(BESIDE_MANIFEST)),
      ssrPublicPath: v.optional(v.never(BESIDE_MANIFEST)),
      serverModules: v.optional(v.array(plainName, 'must be a list of names')),
    },
    'must be an object',
  ),
  v.forward(
    v.check(
      (meta) => meta.globalName === undefined || meta.name === undefined || meta.globalName === meta.name,
      "must be the build's name",
    ),
    ['globalName'],
  ),
);

const manifestSchema = v.looseObject(
  {
    metaData: metaDataSchema,
    exposes: v.array(
      v.looseObject({ name: plainName, path: v.optional(v.string('must be text')), assets: v.optional(assetsSchema) }, 'must be an object'),
      'must be a list',
    ),
    shared: v.array(
      v.looseObject(
        { name: v.string('must be text'), version: v.optional(v.string('must be text')), assets: v.optional(assetsSchema) },
        'must be an object',
      ),
      'must be a list',
    ),
    // Remotes never load other remotes (webpack.common.ts): a list here would name more code to fetch.
    remotes: v.optional(
      v.pipe(v.array(v.unknown(), 'must be a list'), v.maxLength(0, "must be empty: a remote's build loads no other remotes")),
    ),
  },
  'must be an object',
);

export type FederationManifest = v.InferOutput<typeof manifestSchema>;

/** An entry's URL, its folder joined to its name as the runtime joins them (sdk's simpleJoinRemoteEntry). */
export function joinedEntryUrl(manifestUrl: string, { name, path = '' }: { name: string; path?: string | undefined }): string {
  const folder = path.replace(/^\.\/?/, '');
  return new URL(folder && !folder.endsWith('/') ? `${folder}/${name}` : `${folder}${name}`, manifestUrl).href;
}

export const serverEntryUrl = (manifestUrl: string, { metaData }: FederationManifest) =>
  metaData.ssrRemoteEntry && joinedEntryUrl(manifestUrl, metaData.ssrRemoteEntry);

/** The manifest read through the schema, or what is wrong with it: the field's path, the rule, the value found. */
export function readManifestFields(manifest: unknown): { manifest: FederationManifest } | { problem: string } {
  const read = v.safeParse(manifestSchema, manifest, { abortPipeEarly: true });
  if (read.success) return { manifest: read.output };
  const [issue] = read.issues;
  // The field's own value (a check on a whole object, forwarded to one field, has the object as its input).
  const found = issue.path ? issue.path[issue.path.length - 1]!.value : issue.input;
  if (found === undefined) return { problem: `${issuePath(issue)}: is missing` };
  return { problem: `${issuePath(issue) || 'the manifest'}: ${issue.message} (${shown(found)})` };
}
