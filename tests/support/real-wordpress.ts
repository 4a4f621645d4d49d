import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { startFaultProxy, type FaultProxy } from './real-wordpress-proxy';

/**
 * A real WordPress for the integration suite: Debian's `wordpress` package (6.1) on PHP's
 * built-in server and a MariaDB of its own, installed through WordPress's own installer. The
 * suite's global setup starts it once per run (tests/support/global-runtime.ts); the scenario
 * files run against it and against the stand-in alike (tests/support/real-wordpress-sites.ts).
 */

/** What `.ci/run` installs with apt-get when it is missing. */
const REAL_WORDPRESS_PACKAGES =
  'php-cli php-mysql php-xml php-mbstring php-curl php-gd php-intl php-zip mariadb-server wordpress';

const WORDPRESS_ROOT = '/usr/share/wordpress';
/** Debian's wp-config.php loads the file named after the request's host (less its port). */
const HOST_CONFIG = '/etc/wordpress/config-127.0.0.1.php';
const HOST_CONFIG_MARK = 'marketing-automation test suite';

/** One site of the run, reached through its proxy: the address WordPress was installed at. */
export interface RealWordPressSite {
  /** http://127.0.0.1:<proxy port>: WordPress's home and siteurl, what a user types. */
  url: string;
  admin: { login: string; password: string; applicationPassword: string };
}

/** What tests receive (vitest's provide/inject): plain data. */
export interface RealWordPressInfo {
  version: string;
  /** Shared by every file: tests make their own users and posts, and filter on them. */
  main: RealWordPressSite;
  /** For the permalink scenarios alone, which switch its permalinks (one file, one at a time). */
  permalinks: RealWordPressSite;
  /** How long the start took, for the report in docs/testing.md. */
  startedInMs: number;
}

export interface RealWordPress extends RealWordPressInfo {
  /** A plain function (no `this`), so a caller may take it apart from the rest. */
  stop: () => Promise<void>;
}

const commandExists = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Why the real WordPress cannot start here (a sentence naming what to install), or undefined. */
export function realWordPressMissing(): string | undefined {
  const lacking: string[] = [];
  if (!commandExists('php')) lacking.push('php');
  if (!commandExists('mariadbd') || !commandExists('mariadb-install-db')) lacking.push('MariaDB');
  if (!existsSync(join(WORDPRESS_ROOT, 'wp-settings.php'))) lacking.push(`WordPress in ${WORDPRESS_ROOT}`);
  if (!lacking.length && commandExists('php')) {
    const modules = spawnSync('php', ['-m'], { encoding: 'utf8' }).stdout.toLowerCase();
    for (const module of ['mysqli', 'xml', 'mbstring', 'gd'])
      if (!modules.includes(module)) lacking.push(`php's ${module}`);
  }
  if (!lacking.length) return undefined;
  return `The real WordPress needs ${lacking.join(', ')}: sudo apt-get install -y ${REAL_WORDPRESS_PACKAGES}`;
}

/** The WordPress version Debian installed, from its version.php. */
function wordpressVersion(): string {
  const text = readFileSync(join(WORDPRESS_ROOT, 'wp-includes/version.php'), 'utf8');
  return /\$wp_version = '([^']+)'/.exec(text)?.[1] ?? 'unknown';
}

const phpString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The host file, the same for every run and every site: it loads the run's own configuration,
 * named by the PHP server's environment, so runs (and the two sites of a run) never share a
 * database or a content folder. Written once; a file someone else wrote is never replaced.
 */
function writeHostConfig() {
  const text = `<?php
// Written by the ${HOST_CONFIG_MARK} (tests/support/real-wordpress.ts): a test run's PHP server
// names its own configuration in MKT_WORDPRESS_CONFIG.
$mkt_wordpress_config = getenv('MKT_WORDPRESS_CONFIG');
if ($mkt_wordpress_config) require $mkt_wordpress_config;
`;
  if (existsSync(HOST_CONFIG)) {
    const present = readFileSync(HOST_CONFIG, 'utf8');
    if (present === text) return;
    if (!present.includes(HOST_CONFIG_MARK)) {
      throw new Error(`${HOST_CONFIG} exists and is not the test suite's: move it away to run the real WordPress`);
    }
  }
  mkdirSync('/etc/wordpress', { recursive: true });
  const temporary = `${HOST_CONFIG}.${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, HOST_CONFIG);
}

interface SiteSetup {
  key: 'main' | 'permalinks';
  port: number;
  prefix: string;
  content: string;
}

/**
 * The run's configuration: the site is chosen by the port of the Host header (its proxy's), each
 * with its table prefix and content folder. `local` lets application passwords work over plain
 * http; cron and outgoing HTTP are off (only loopback is allowed here, and the app publishes at
 * its own times, never WordPress's `future`).
 */
function runConfig(
  dir: string,
  db: { name: string; user: string; password: string; socket: string },
  sites: SiteSetup[],
) {
  const map = sites
    .map(
      (s) =>
        `  ${phpString(String(s.port))} => array('prefix' => ${phpString(s.prefix)}, 'content' => ${phpString(s.content)}),`,
    )
    .join('\n');
  writeFileSync(join(dir, 'sites.php'), `<?php\nreturn array(\n${map}\n);\n`);
  writeFileSync(
    join(dir, 'wp-config.php'),
    `<?php
$mkt_sites = require __DIR__ . '/sites.php';
$mkt_port = preg_replace('/^.*:/', '', isset($_SERVER['HTTP_HOST']) ? $_SERVER['HTTP_HOST'] : '');
if (!isset($mkt_sites[$mkt_port])) {
  header('HTTP/1.0 404 Not Found');
  echo 'Not a site of this test run.';
  exit(1);
}
define('DB_NAME', ${phpString(db.name)});
define('DB_USER', ${phpString(db.user)});
define('DB_PASSWORD', ${phpString(db.password)});
define('DB_HOST', ${phpString(`localhost:${db.socket}`)});
define('WP_CONTENT_DIR', $mkt_sites[$mkt_port]['content']);
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('AUTH_KEY', ${phpString(randomBytes(24).toString('hex'))});
define('SECURE_AUTH_KEY', ${phpString(randomBytes(24).toString('hex'))});
define('LOGGED_IN_KEY', ${phpString(randomBytes(24).toString('hex'))});
define('NONCE_KEY', ${phpString(randomBytes(24).toString('hex'))});
$table_prefix = $mkt_sites[$mkt_port]['prefix'];
`,
  );
  // PHP's built-in server has no rewrite rules: real files are served as they are, uploads from
  // the site's content folder, and every other path goes to index.php (pretty permalinks, /wp-json/).
  writeFileSync(
    join(dir, 'router.php'),
    `<?php
$mkt_sites = require __DIR__ . '/sites.php';
$mkt_port = preg_replace('/^.*:/', '', isset($_SERVER['HTTP_HOST']) ? $_SERVER['HTTP_HOST'] : '');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (strpos($path, '/wp-content/') === 0 && isset($mkt_sites[$mkt_port])) {
  $file = $mkt_sites[$mkt_port]['content'] . substr($path, strlen('/wp-content'));
  if (is_file($file) && substr($file, -4) !== '.php') {
    header('Content-Type: ' . (mime_content_type($file) ?: 'application/octet-stream'));
    header('Content-Length: ' . filesize($file));
    readfile($file);
    return true;
  }
}
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ($path !== '/' && (is_file($file) || is_file(rtrim($file, '/') . '/index.php'))) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
`,
  );
}

/** A started process, stopped by signalling its whole group (PHP's workers are its children). */
interface Started {
  child: ChildProcess;
  output: () => string;
}

function startProcess(command: string, args: string[], env: Record<string, string> = {}): Started {
  let output = '';
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => output };
}

/** The live child processes of `pid` (Linux's /proc): PHP's workers. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid ...": the name may hold spaces, so read after its closing bracket.
      const [state, ppid] = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(ppid) === pid && state !== 'Z') found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

/**
 * Stops a started process and its group. Its children go first, while it is there to reap them
 * (PHP's server waits for its workers; a worker outliving it would be left to init), then the
 * process itself, then whatever of the group is left.
 */
async function stopGroup(started: Started | undefined): Promise<void> {
  const child = started?.child;
  const pid = child?.pid;
  if (!child || !pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const worker of childrenOf(pid)) signal(worker, 'SIGTERM');
  for (let i = 0; i < 40 && childrenOf(pid).length; i++) await sleep(50);
  signal(pid, 'SIGTERM');
  const force = setTimeout(() => signal(-pid, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(force);
  signal(-pid, 'SIGKILL');
}

const run = (command: string, args: string[], input?: string) => {
  const out = spawnSync(command, args, { input, encoding: 'utf8' });
  if (out.status !== 0)
    throw new Error(`${command} failed (${out.status}): ${(out.stderr || out.stdout).slice(-1500)}`);
  return out.stdout;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  died: () => string | undefined,
  ms = 30_000,
) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const reason = died();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not ready within ${ms / 1000} s`);
}

const exitReason = (started: Started) =>
  started.child.exitCode !== null || started.child.signalCode !== null
    ? `exited (${started.child.exitCode ?? started.child.signalCode}): ${started.output().slice(-1500)}`
    : undefined;

/** The mysql user's ids, for the folders MariaDB writes when it runs as root. */
function mysqlIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'mysql'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'mysql'], { encoding: 'utf8' }).stdout.trim());
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
}

/** A MariaDB of its own on a socket in `dir`: no TCP port to collide with. */
async function startMariaDb(dir: string) {
  const data = join(dir, 'mariadb');
  const runDir = join(dir, 'mariadb-run');
  mkdirSync(runDir, { recursive: true });
  const ids = mysqlIds();
  if (ids) chownSync(runDir, ids.uid, ids.gid);
  const small = ['--innodb-buffer-pool-size=16M', '--innodb-log-file-size=8M', '--skip-name-resolve'];
  const user = ids ? ['--user=mysql'] : [];
  run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${data}`,
    ...user,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...small,
  ]);
  const socket = join(runDir, 'mysqld.sock');
  const server = startProcess('mariadbd', [
    '--no-defaults',
    ...user,
    `--datadir=${data}`,
    `--socket=${socket}`,
    '--skip-networking',
    `--pid-file=${join(runDir, 'mysqld.pid')}`,
    '--performance-schema=OFF',
    '--skip-log-bin',
    ...small,
  ]);
  await waitFor(
    'MariaDB',
    () => existsSync(socket),
    () => exitReason(server),
  );
  const sql = (statements: string) =>
    run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '--batch'], statements);
  return { server, socket, sql };
}

/** A cookie jar and manual redirects: WordPress's admin pages as a browser without JavaScript sees them. */
export class WordPressBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly site: string) {
    // wp-login.php refuses a sign-in without its test cookie (the browser proves it keeps cookies).
    this.cookies.set('wordpress_test_cookie', 'WP%20Cookie%20check');
  }

  async request(
    path: string,
    init: { method?: string; form?: URLSearchParams; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(path, this.site);
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      body: init.form?.toString(),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01[- ]Jan[- ]1970/i.test(line) || value === 'deleted') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
  }

  /** Signs in through wp-login.php; throws with WordPress's own sentence when it refuses. */
  async signIn(login: string, password: string): Promise<void> {
    const form = new URLSearchParams({ log: login, pwd: password, 'wp-submit': 'Log In', testcookie: '1' });
    const res = await this.request('/wp-login.php', { form });
    if (res.status !== 302 || ![...this.cookies.keys()].some((k) => k.startsWith('wordpress_logged_in_'))) {
      const error = /<div id="login_error"[^>]*>([\s\S]*?)<\/div>/
        .exec(res.text)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim();
      throw new Error(`WordPress refused the sign-in of ${login}: ${error ?? `HTTP ${res.status}`}`);
    }
  }

  /** The REST nonce a signed-in browser sends as X-WP-Nonce (what wp-api-fetch asks for). */
  async restNonce(): Promise<string> {
    const res = await this.request('/wp-admin/admin-ajax.php?action=rest-nonce');
    if (res.status !== 200 || !/^[0-9a-f]{10}$/.test(res.text.trim())) throw new Error(`no REST nonce: ${res.text}`);
    return res.text.trim();
  }
}

/**
 * An application password a signed-in user makes for their own scripts (Users → Profile does the
 * same call): the REST nonce route, so it works with any permalinks.
 */
async function makeApplicationPassword(browser: WordPressBrowser, name: string): Promise<string> {
  const nonce = await browser.restNonce();
  const res = await browser.request('/?rest_route=/wp/v2/users/me/application-passwords', {
    headers: { 'x-wp-nonce': nonce },
    form: new URLSearchParams({ name }),
  });
  const body = JSON.parse(res.text) as { password?: string };
  if (res.status !== 201 || !body.password)
    throw new Error(`no application password: ${res.status} ${res.text.slice(0, 300)}`);
  return body.password;
}

/** WordPress's own installer (what a person fills in at /wp-admin/install.php), through the site's proxy. */
async function install(site: string, admin: { login: string; password: string }, title: string) {
  const form = new URLSearchParams({
    weblog_title: title,
    user_name: admin.login,
    admin_password: admin.password,
    admin_password2: admin.password,
    pw_weak: '1',
    admin_email: 'admin@example.com',
    blog_public: '0',
  });
  const res = await fetch(`${site}/wp-admin/install.php?step=2`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const text = await res.text();
  if (!text.includes('<h1>Success!</h1>')) {
    throw new Error(
      `WordPress's installer failed at ${site}: HTTP ${res.status} ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
    );
  }
}

/**
 * Starts the run's WordPress: MariaDB, PHP's built-in server, a proxy for each site at the
 * ports given (the runtime's safe fetcher was told to allow them), each site installed by
 * WordPress's installer and its admin given an application password for the tests' own reads.
 */
export async function startRealWordPress(options: {
  ports: { main: number; permalinks: number };
}): Promise<RealWordPress> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'mkt-wordpress-'));
  // MariaDB runs as mysql: it must reach its folders inside this one.
  chmodSync(dir, 0o755);
  const processes: Started[] = [];
  const proxies: FaultProxy[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killNow);
    await Promise.all(proxies.map((p) => p.close()));
    await Promise.all(processes.map((p) => stopGroup(p)));
    rmSync(dir, { recursive: true, force: true });
  };
  // A run that ends without its teardown (an interrupted Vitest) still leaves no process behind,
  // nor its folder.
  const killNow = () => {
    for (const p of processes) {
      try {
        if (p.child.pid) process.kill(-p.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', killNow);
  try {
    writeHostConfig();
    const mariadb = await startMariaDb(dir);
    processes.push(mariadb.server);
    const db = {
      name: 'wordpress',
      user: 'wordpress',
      password: randomBytes(12).toString('hex'),
      socket: mariadb.socket,
    };
    mariadb.sql(
      `CREATE DATABASE ${db.name} CHARACTER SET utf8mb4; CREATE USER '${db.user}'@'localhost' IDENTIFIED BY '${db.password}'; GRANT ALL ON ${db.name}.* TO '${db.user}'@'localhost';`,
    );
    const sites: SiteSetup[] = (['main', 'permalinks'] as const).map((key) => {
      const content = join(dir, `content-${key}`);
      for (const sub of ['uploads', 'plugins', 'themes', 'upgrade']) mkdirSync(join(content, sub), { recursive: true });
      return { key, port: options.ports[key], prefix: `wp${key === 'main' ? '' : 'p'}_`, content };
    });
    runConfig(dir, db, sites);
    const phpPort = await freePort();
    const php = startProcess(
      'php',
      [
        '-d',
        'display_errors=0',
        '-d',
        'log_errors=1',
        '-d',
        `error_log=${join(dir, 'php-errors.log')}`,
        '-d',
        'upload_max_filesize=64M',
        '-d',
        'post_max_size=64M',
        '-d',
        'memory_limit=256M',
        // No mail leaves the machine: the installer's "new site" mail goes nowhere.
        '-d',
        'sendmail_path=/bin/true',
        '-S',
        `127.0.0.1:${phpPort}`,
        '-t',
        WORDPRESS_ROOT,
        join(dir, 'router.php'),
      ],
      { PHP_CLI_SERVER_WORKERS: '4', MKT_WORDPRESS_CONFIG: join(dir, 'wp-config.php') },
    );
    processes.push(php);
    for (const site of sites) proxies.push(await startFaultProxy({ port: site.port, target: () => phpPort }));
    const url = (port: number) => `http://127.0.0.1:${port}`;
    // Any answer of PHP's own (its 404 for a host that is no site of the run) means it listens.
    await waitFor(
      'PHP',
      () =>
        fetch(`http://127.0.0.1:${phpPort}/`).then(
          () => true,
          () => false,
        ),
      () => exitReason(php),
    );
    const made = await Promise.all(
      sites.map(async (site): Promise<RealWordPressSite> => {
        const admin = { login: 'admin', password: randomBytes(12).toString('base64url') };
        const address = url(site.port);
        await install(address, admin, site.key === 'main' ? 'Real Blog' : 'Permalinks Blog');
        const browser = new WordPressBrowser(address);
        await browser.signIn(admin.login, admin.password);
        const applicationPassword = await makeApplicationPassword(browser, 'Test suite');
        return { url: address, admin: { ...admin, applicationPassword } };
      }),
    );
    const [main, permalinks] = made as [RealWordPressSite, RealWordPressSite];
    return { version: wordpressVersion(), main, permalinks, startedInMs: Date.now() - began, stop };
  } catch (error) {
    const log = join(dir, 'php-errors.log');
    const php = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    await stop();
    throw php ? new Error(`${(error as Error).message}\nPHP's log:\n${php}`) : error;
  }
}
