/**
 * The official language images' own tools, as far as a learner checks them: the version each
 * one reports. `python3 --version` is python.ts's; here are pip, node, npm/npx/yarn and go.
 * Formats from the programs' sources:
 * - pip's `--version` (pip/_internal/cli/main_parser.py get_pip_version): `pip X from DIR (python M.m)`,
 *   DIR the package's directory under the image's site-packages.
 * - node's `--version`/`-v` (src/node.cc: `printf("%s\n", NODE_VERSION)`): `v22.20.0`; node on this
 *   machine (v20.20.2) prints the same shape.
 * - npm's `--version`/`-v` (lib/cli/entry.js: `output.standard(npm.version)`), npx's the same npm's;
 *   yarn 1's `--version`: its version alone.
 * - ruby's `--version`/`-v` (version.c ruby_show_version: RUBY_DESCRIPTION): `ruby 3.4.6 (2025-09-16
 *   revision dbd83256b1) +PRISM [x86_64-linux]`, `-linux-musl` on Alpine; YJIT is built but off,
 *   so no `+YJIT`.
 * - `go version` (cmd/go/internal/version: `fmt.Printf("go version %s %s/%s\n", runtime.Version(), GOOS, GOARCH)`).
 * Not modelled: the interpreters and the package managers themselves (but for the Kubernetes
 * Basics image's `node server.js`). `node script.js`, `node -e` end at once with status 0 and no output, as the REPL does without a TTY (python3 likewise, but
 * for `-m http.server`); `pip install`, `npm install`, `go build` and the other subcommands say
 * they are not simulated and exit 126, like a program an apt package installed (packages.ts).
 */
import type { Outcome, ProgramContext } from './programs';
import { normalizePath } from './fs';

const basename = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const said = (pc: ProgramContext, text: string): Outcome => {
  pc.io.out(text);
  return { k: 'done', status: 0, ms: 30 };
};

/** A full release (`3.12.11`): what a version command can print; a frozen `3.8` tag's is not known. */
export const isRelease = (v: string): boolean => /^\d+\.\d+\.\d+$/.test(v);

/** A program the image ships but the classroom does not run: it says so, as packages.ts's stand-ins do. */
export function notSimulated(argv: string[], pc: ProgramContext): Outcome {
  pc.io.err(`${basename(argv[0] ?? '')}: installed, but not simulated in this classroom\n`);
  return { k: 'done', status: 126 };
}

/** `M.m` of a `M.m.p` version. */
const minorOf = (v: string): string => /^(\d+\.\d+)/.exec(v)?.[1] ?? v;

/**
 * The pip ensurepip bundles with each CPython line, the one the official images carry (they
 * build `--with-ensurepip` and only add setuptools and wheel to 3.9–3.11; docker-library/python
 * 093598a0). From CPython's Lib/ensurepip/__init__.py _PIP_VERSION: 3.13 and 3.14 bundle 25.2;
 * 3.12's last bugfix release 3.12.10 bundled 25.0.1, 3.11's (3.11.9) 24.0, 3.10.11 and 3.9's
 * later releases 23.0.1, and their security releases keep them. Corroborated by public
 * transcripts of the images: python:3.12.8 `pip 24.3.1`, python:3.12-slim and 3.12.13 `pip
 * 25.0.1`, 3.13.7 `pip 25.2`, 3.11.9 `pip 24.0`, 3.10.20 and 3.9.25 `pip 23.0.1`. Approximate: an
 * older patch tag (python:3.12.4) reports its line's pip.
 */
const ENSUREPIP: Record<string, string> = { '3.14': '25.2', '3.13': '25.2', '3.12': '25.0.1', '3.11': '24.0', '3.10': '23.0.1', '3.9': '23.0.1' };

export function pipVersionOf(python: string): string | undefined {
  return ENSUREPIP[minorOf(python)];
}

/** `pip --version` / `-V`; pip3 and pip3.N are the same program. */
export function pip(argv: string[], pc: ProgramContext): Outcome {
  const python = pc.env.PYTHON_VERSION ?? pc.version;
  const version = pipVersionOf(python);
  const a = argv[1];
  if ((a === '--version' || a === '-V') && version !== undefined) {
    const minor = minorOf(python);
    return said(pc, `pip ${version} from /usr/local/lib/python${minor}/site-packages/pip (python ${minor})\n`);
  }
  return notSimulated(argv, pc);
}

/**
 * The npm each Node.js release bundles (deps/npm), from Node's changelogs: 24.8.0 upgraded npm to
 * 11.6.0 (45af6966ae), which 24.9.0 keeps (11.6.1 came with 24.10.0, dc44c9f349); 22.x carries
 * 10.9.3 since f99aa748c0 (22.20.0 prints it); 20.x 10.8.2 (93670de499). Approximate: an older
 * release tag of a line (node:22.10.0) reports its line's npm.
 */
const BUNDLED_NPM: Record<string, string> = { '24': '11.6.0', '22': '10.9.3', '20': '10.8.2' };

export function npmVersionOf(node: string): string | undefined {
  return BUNDLED_NPM[/^(\d+)/.exec(node)?.[1] ?? ''];
}

/**
 * The one script an image's node runs for real: the Kubernetes Basics image's /server.js
 * (catalog-data.ts), whose server is that tag's behaviour (`pc.override`, node being the image's
 * main program).
 */
const APP_SCRIPT = '/server.js';

/**
 * `node --version` / `-v`; `node server.js` in an image whose application it is starts that
 * application; anything else ends at once with nothing printed (the interpreter is not modelled).
 */
export function node(argv: string[], pc: ProgramContext): Outcome {
  const a = argv[1];
  const version = pc.env.NODE_VERSION ?? pc.version;
  if (a === '--version' || a === '-v') return isRelease(version) ? said(pc, `v${version}\n`) : notSimulated(argv, pc);
  const app = pc.override;
  if (app && a !== undefined && normalizePath(a, pc.cwd ?? '/') === APP_SCRIPT) {
    const server = 'server' in app ? app.server : undefined;
    return { k: 'app', start: { name: 'node', version: pc.version, behaviour: app, argv, style: server?.logStyle ?? 'silent' } };
  }
  return { k: 'done', status: 0, ms: 40 };
}

/** npm, npx (npm's own version) and yarn 1 (YARN_VERSION): `--version` / `-v`. */
export function npm(argv: string[], pc: ProgramContext): Outcome {
  const name = basename(argv[0] ?? '');
  const a = argv[1];
  const version = name === 'yarn' || name === 'yarnpkg' ? pc.env.YARN_VERSION : npmVersionOf(pc.env.NODE_VERSION ?? pc.version);
  if ((a === '--version' || a === '-v') && version !== undefined) return said(pc, `${version}\n`);
  return notSimulated(argv, pc);
}

/** `go version`; the toolchain's other commands are not simulated. Approximate: amd64 nodes only. */
export function go(argv: string[], pc: ProgramContext): Outcome {
  const version = pc.env.GOLANG_VERSION ?? pc.version;
  if (argv[1] === 'version' && argv.length === 2 && isRelease(version)) return said(pc, `go version go${version} linux/amd64\n`);
  return notSimulated(argv, pc);
}

/**
 * Each Ruby release's description: its release date and revision (as `ruby -v` of that release
 * prints them in public transcripts: 3.4.6 dbd83256b1, 3.3.9 f5c772fc7c, 3.2.9 8f611e0c46) and
 * whether its default parser is Prism (3.4 on).
 */
const RUBY_RELEASES: Record<string, { date: string; revision: string; prism: boolean }> = {
  '3.4.6': { date: '2025-09-16', revision: 'dbd83256b1', prism: true },
  '3.3.9': { date: '2025-07-24', revision: 'f5c772fc7c', prism: false },
  '3.2.9': { date: '2025-07-24', revision: '8f611e0c46', prism: false },
};

/**
 * `ruby --version` / `-v` (`-v` goes on to read a script from stdin, which holds nothing in an
 * exec). A release not in the table (an older patch tag) does not make up a revision: it says it
 * is not simulated, as ruby running a script does.
 */
export function ruby(argv: string[], pc: ProgramContext): Outcome {
  const a = argv[1];
  const version = pc.env.RUBY_VERSION ?? pc.version;
  const release = Object.hasOwn(RUBY_RELEASES, version) ? RUBY_RELEASES[version] : undefined;
  if ((a === '--version' || a === '-v') && release) {
    return said(pc, `ruby ${version} (${release.date} revision ${release.revision}) ${release.prism ? '+PRISM ' : ''}[x86_64-linux${pc.musl ? '-musl' : ''}]\n`);
  }
  return notSimulated(argv, pc);
}
