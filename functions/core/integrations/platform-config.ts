/**
 * Where each platform's consent pages and APIs live, and which API versions we speak: all
 * configuration, read at call time. Versions are retired on the platforms' schedules
 * (LinkedIn answers 426 to a sunset version), so they are never literals in the clients.
 * PLATFORM_SANDBOX_ORIGIN (the embedded runtime) points every base at the loopback sandbox.
 */
export interface PlatformConfig {
  facebookWww: string;
  graphApi: string;
  graphVersion: string;
  threadsWww: string;
  threadsApi: string;
  threadsVersion: string;
  linkedinWww: string;
  linkedinApi: string;
  linkedinVersion: string;
  timeoutMs: number;
}

const env = (name: string) => process.env[name] || undefined;

export function platformConfig(): PlatformConfig {
  const sandbox = env('PLATFORM_SANDBOX_ORIGIN');
  const base = (name: string, real: string, sandboxPath: string) =>
    (env(name) ?? (sandbox ? `${sandbox}${sandboxPath}` : real)).replace(/\/$/, '');
  return {
    facebookWww: base('FACEBOOK_WWW_BASE', 'https://www.facebook.com', '/facebook-www'),
    graphApi: base('GRAPH_API_BASE', 'https://graph.facebook.com', '/graph'),
    graphVersion: env('FACEBOOK_GRAPH_VERSION') ?? 'v21.0',
    threadsWww: base('THREADS_WWW_BASE', 'https://threads.net', '/threads-www'),
    threadsApi: base('THREADS_API_BASE', 'https://graph.threads.net', '/threads-api'),
    threadsVersion: env('THREADS_API_VERSION') ?? 'v1.0',
    linkedinWww: base('LINKEDIN_WWW_BASE', 'https://www.linkedin.com', '/linkedin-www'),
    linkedinApi: base('LINKEDIN_API_BASE', 'https://api.linkedin.com', '/linkedin-api'),
    linkedinVersion: env('LINKEDIN_API_VERSION') ?? '202411',
    timeoutMs: Number(env('PLATFORM_TIMEOUT_MS') ?? 10_000),
  };
}
