import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A loopback server answering the AWS APIs whose adapters have no embeddable server, as strictly
 * as AWS does where moto's server showed the difference (tests/integration/port-contracts-moto):
 * - SES v2: SendEmail refuses a sender that is not a verified identity (the address or its domain,
 *   CreateEmailIdentity) with MessageRejected.
 * - EventBridge Scheduler: schedules live in groups; a missing group is ResourceNotFoundException,
 *   names are unique per group; Get, List (by name prefix), Create, Update, Delete.
 * - Step Functions: StartExecution with a running execution's name and input is the same
 *   execution (idempotent); any other reuse of a name, including a finished execution's, is
 *   ExecutionAlreadyExists. DescribeExecution, StopExecution.
 * - S3: a presigned PUT is checked like S3 checks it, SigV4 over the signed headers (Content-Type
 *   and Content-Length included when signed): another type or size is SignatureDoesNotMatch.
 * It records what it was asked, for contract tests of the AWS adapters.
 */
export interface FakeAws {
  endpoint: string;
  mails: { from: string; to: string[]; subject: string; text: string; html: string }[];
  /** Keyed `<group>/<name>`. */
  schedules: Map<string, FakeSchedule>;
  executions: Map<string, { stateMachineArn: string; input: string; status: 'RUNNING' | 'SUCCEEDED' | 'ABORTED' }>;
  objects: Map<string, { body: Buffer; contentType?: string }>;
  rejectNextMail(): void;
  stop(): Promise<void>;
}

interface FakeSchedule {
  group: string;
  name: string;
  expression: string;
  target: { Arn: string; RoleArn: string; Input: string };
  actionAfterCompletion?: string;
}

/** The secret the fake S3 checks presigned URLs with, per access key id (the adapters' local credentials). */
const S3_SECRETS: Record<string, string> = { S3RVER: 'S3RVER', test: 'test' };

async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function body(req: IncomingMessage): Promise<any> {
  const text = (await rawBody(req)).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function awsError(res: ServerResponse, status: number, type: string, message: string, json10 = false) {
  res.writeHead(status, {
    'content-type': json10 ? 'application/x-amz-json-1.0' : 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify(json10 ? { __type: type, message } : { message, Message: message }));
}

function ok(res: ServerResponse, payload: unknown, json10 = false) {
  res.writeHead(200, {
    'content-type': json10 ? 'application/x-amz-json-1.0' : 'application/json',
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify(payload));
}

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * SigV4 query-string authentication as S3 evaluates it: the canonical request is rebuilt from
 * what actually arrived (method, path, query, the values of the signed headers), so a header
 * that differs from the signed one changes the signature.
 */
function presignedSignatureMatches(req: IncomingMessage, url: URL): boolean {
  const q = url.searchParams;
  const [accessKey, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const secret = accessKey ? S3_SECRETS[accessKey] : undefined;
  const amzDate = q.get('X-Amz-Date') ?? '';
  const signed = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  if (!secret || !date || !region || !service || !signed.includes('host')) return false;
  const expires = Number(q.get('X-Amz-Expires'));
  const at = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(at + expires * 1000 > Date.now())) return false;
  const query = [...q.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const headers = signed
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signed.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature');
}

export async function startFakeAws(): Promise<FakeAws> {
  const verified = new Set<string>();
  const groups = new Set<string>(['default']);
  const fake: Omit<FakeAws, 'endpoint' | 'stop'> & { rejectMail: boolean } = {
    mails: [],
    schedules: new Map(),
    executions: new Map(),
    objects: new Map(),
    rejectMail: false,
    rejectNextMail() {
      fake.rejectMail = true;
    },
  };
  const executionArn = (stateMachineArn: string, name: string) =>
    `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

  const stepFunctions = async (req: IncomingMessage, res: ServerResponse, target: string) => {
    const input = await body(req);
    if (target === 'AWSStepFunctions.StartExecution') {
      const arn = executionArn(input.stateMachineArn, input.name);
      const existing = fake.executions.get(arn);
      const given = input.input ?? '{}';
      if (existing && !(existing.status === 'RUNNING' && existing.input === given)) {
        awsError(res, 400, 'ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`, true);
        return;
      }
      if (!existing)
        fake.executions.set(arn, { stateMachineArn: input.stateMachineArn, input: given, status: 'RUNNING' });
      ok(res, { executionArn: arn, startDate: Date.now() / 1000 }, true);
      return;
    }
    const execution = fake.executions.get(input.executionArn);
    if (!execution) {
      awsError(res, 400, 'ExecutionDoesNotExist', `Execution Does Not Exist: '${input.executionArn}'`, true);
      return;
    }
    if (target === 'AWSStepFunctions.DescribeExecution') {
      ok(
        res,
        {
          executionArn: input.executionArn,
          stateMachineArn: execution.stateMachineArn,
          status: execution.status,
          input: execution.input,
        },
        true,
      );
      return;
    }
    if (target === 'AWSStepFunctions.StopExecution') {
      if (execution.status === 'RUNNING') execution.status = 'ABORTED';
      ok(res, { stopDate: Date.now() / 1000 }, true);
      return;
    }
    awsError(res, 400, 'UnknownOperationException', target, true);
  };

  const ses = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === '/v2/email/identities' && req.method === 'POST') {
      const { EmailIdentity } = await body(req);
      verified.add(String(EmailIdentity).toLowerCase());
      ok(res, {
        IdentityType: String(EmailIdentity).includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN',
        VerifiedForSendingStatus: true,
      });
      return;
    }
    const input = await body(req);
    const from = String(input.FromEmailAddress ?? '').toLowerCase();
    if (!verified.has(from) && !verified.has(from.slice(from.indexOf('@') + 1))) {
      awsError(
        res,
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check: ${from}`,
      );
      return;
    }
    if (fake.rejectMail) {
      fake.rejectMail = false;
      awsError(res, 400, 'MessageRejected', 'Email address is on the suppression list.');
      return;
    }
    fake.mails.push({
      from: input.FromEmailAddress,
      to: input.Destination?.ToAddresses ?? [],
      subject: input.Content?.Simple?.Subject?.Data,
      text: input.Content?.Simple?.Body?.Text?.Data,
      html: input.Content?.Simple?.Body?.Html?.Data,
    });
    ok(res, { MessageId: randomUUID() });
  };

  const scheduler = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const groupPath = /^\/schedule-groups\/([^/]+)$/.exec(url.pathname);
    if (groupPath?.[1] && req.method === 'POST') {
      const name = decodeURIComponent(groupPath[1]);
      if (groups.has(name)) {
        awsError(res, 409, 'ConflictException', `Schedule group ${name} already exists.`);
        return;
      }
      groups.add(name);
      ok(res, { ScheduleGroupArn: `arn:aws:scheduler:us-east-1:000000000000:schedule-group/${name}` });
      return;
    }
    if (url.pathname === '/schedules' && req.method === 'GET') {
      const group = url.searchParams.get('ScheduleGroup') ?? 'default';
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const found = [...fake.schedules.values()].filter((s) => s.group === group && s.name.startsWith(prefix));
      ok(res, { Schedules: found.map((s) => ({ Name: s.name, GroupName: s.group, State: 'ENABLED' })) });
      return;
    }
    const schedulePath = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!schedulePath?.[1]) {
      awsError(res, 404, 'UnknownOperationException', `${req.method} ${url.pathname}`);
      return;
    }
    const name = decodeURIComponent(schedulePath[1]);
    const input = req.method === 'POST' || req.method === 'PUT' ? await body(req) : {};
    const group: string = input.GroupName ?? url.searchParams.get('groupName') ?? 'default';
    if (!groups.has(group)) {
      awsError(res, 404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
      return;
    }
    const key = `${group}/${name}`;
    const existing = fake.schedules.get(key);
    if (req.method === 'POST' || req.method === 'PUT') {
      if (req.method === 'POST' && existing) {
        awsError(res, 409, 'ConflictException', `Schedule ${name} already exists.`);
        return;
      }
      if (req.method === 'PUT' && !existing) {
        awsError(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        return;
      }
      fake.schedules.set(key, {
        group,
        name,
        expression: input.ScheduleExpression,
        target: input.Target,
        actionAfterCompletion: input.ActionAfterCompletion,
      });
      ok(res, { ScheduleArn: `arn:aws:scheduler:us-east-1:000000000000:schedule/${group}/${name}` });
      return;
    }
    if (!existing) {
      awsError(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
      return;
    }
    if (req.method === 'GET') {
      ok(res, {
        Name: name,
        GroupName: group,
        ScheduleExpression: existing.expression,
        Target: existing.target,
        ActionAfterCompletion: existing.actionAfterCompletion,
      });
      return;
    }
    if (req.method === 'DELETE') {
      fake.schedules.delete(key);
      ok(res, {});
      return;
    }
    awsError(res, 404, 'UnknownOperationException', `${req.method} ${url.pathname}`);
  };

  /** Path-style S3: PUT/HEAD/GET /<bucket>/<key>; presigned PUTs are signature-checked. */
  const s3 = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const key = decodeURIComponent(url.pathname.slice(1));
    if (!key.includes('/')) {
      // CreateBucket: buckets are implicit here.
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'PUT') {
      const payload = await rawBody(req);
      if (url.searchParams.has('X-Amz-Signature') && !presignedSignatureMatches(req, url)) {
        s3Error(
          res,
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided.',
        );
        return;
      }
      fake.objects.set(key, { body: payload, contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: `"${createHash('md5').update(payload).digest('hex')}"` });
      return res.end();
    }
    const object = fake.objects.get(key);
    if (!object) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, {
      'content-length': object.body.length,
      'content-type': object.contentType ?? 'binary/octet-stream',
    });
    res.end(req.method === 'HEAD' ? undefined : object.body);
  };

  const route = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const target = req.headers['x-amz-target'];
    if (typeof target === 'string' && target.startsWith('AWSStepFunctions.')) return stepFunctions(req, res, target);
    if (url.pathname.startsWith('/v2/email/')) return ses(req, res, url);
    if (url.pathname.startsWith('/schedule')) return scheduler(req, res, url);
    return s3(req, res, url);
  };
  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => awsError(res, 500, 'InternalFailure', String(error)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}
