/** A signed-in user of a fresh company, through the API: register, the mailed link, sign in. */
export async function signedInCookie(url: string, label = 'calendar'): Promise<{ cookie: string; companyId: number }> {
  const email = `bench-${label}-${Date.now()}@example.com`;
  const json = { 'content-type': 'application/json' };
  const password = 'bench calendar password';
  await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: label,
      email,
      password,
      subscribed: false,
      accept_terms: true,
    }),
  });
  let link: URL | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const { messages } = (await (await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const found = messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (found) link = new URL(found);
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no verification mail');
  await fetch(`${url}/api/auth/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) }),
  });
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const { companyId } = (await login.json()) as { companyId: number };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, companyId };
}
