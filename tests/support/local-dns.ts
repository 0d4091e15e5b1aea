import dns2 from 'dns2';

const { Packet } = dns2;

type RecordType = 'A' | 'AAAA' | 'TXT' | 'MX';

interface Records {
  A?: string[];
  AAAA?: string[];
  /** Each record as its character strings (one string is one record of one string). */
  TXT?: string[][];
  MX?: Array<{ exchange: string; priority: number }>;
}

export interface LocalDns {
  /** The server as DNS_SERVERS takes it: 127.0.0.1:<port>. */
  server: string;
  port: number;
  /** Sets (replaces) a name's records of one type; an empty list leaves the name with none of them. */
  set(name: string, type: 'A' | 'AAAA', addresses: string[]): void;
  set(name: string, type: 'TXT', records: Array<string | string[]>): void;
  set(name: string, type: 'MX', records: Array<{ exchange: string; priority: number }>): void;
  /** Forgets a name: it answers NXDOMAIN again. */
  remove(name: string): void;
  /** Answers a name's A queries in turn from this list (the last one repeats): a name whose address changes. */
  sequence(name: string, addresses: string[]): void;
  /**
   * Holds the answers for a name until released: `asked` resolves when the first question for it
   * arrives (a lookup is in flight), `release` lets it and any later ones through.
   */
  hold(name: string): { asked: Promise<void>; release(): void };
  /** Every question asked, in order. */
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE_NAMES = new Map<number, string>(Object.entries(Packet.TYPE).map(([name, code]) => [code as number, name]));
const normal = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * A real DNS server (dns2, UDP) on 127.0.0.1 with records a test sets: the kernel is pointed at it
 * with DNS_SERVERS. Unknown names answer NXDOMAIN; a known name without the asked type answers
 * no records (NODATA), as an authoritative server does.
 */
export async function startLocalDns(): Promise<LocalDns> {
  const zone = new Map<string, Records>();
  const sequences = new Map<string, { addresses: string[]; next: number }>();
  const queries: LocalDns['queries'] = [];
  const holds = new Map<string, { asked: () => void; released: Promise<void> }>();

  type Request = Parameters<NonNullable<Parameters<typeof dns2.createServer>[0]['handle']>>[0];
  type Send = Parameters<NonNullable<Parameters<typeof dns2.createServer>[0]['handle']>>[1];

  /** Answers one question from the zone as it is at that moment. */
  function respond(request: Request, send: Send, questionName: string, name: string, type: string): void {
    const response = Packet.createResponseFromRequest(request);
    const records = zone.get(name);
    const sequence = sequences.get(name);
    if (records === undefined && sequence === undefined) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
      void send(response);
      return;
    }
    const base = { name: questionName, class: Packet.CLASS.IN, ttl: 1 };
    // dns2 encodes plain records (its typings ask for a toBuffer the encoder does not use).
    const answer = (record: object) => response.answers.push(record as unknown as (typeof response.answers)[number]);
    if (type === 'A' && sequence !== undefined) {
      const address = sequence.addresses[Math.min(sequence.next, sequence.addresses.length - 1)] as string;
      sequence.next += 1;
      answer({ ...base, type: Packet.TYPE.A, address });
    } else if (type === 'A' || type === 'AAAA') {
      for (const address of records?.[type] ?? []) answer({ ...base, type: Packet.TYPE[type], address });
    } else if (type === 'TXT') {
      for (const data of records?.TXT ?? []) answer({ ...base, type: Packet.TYPE.TXT, data });
    } else if (type === 'MX') {
      for (const mx of records?.MX ?? []) answer({ ...base, type: Packet.TYPE.MX, exchange: mx.exchange, priority: mx.priority });
    }
    void send(response);
  }

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const question = request.questions[0];
      if (question === undefined) {
        void send(Packet.createResponseFromRequest(request));
        return;
      }
      const name = normal(question.name);
      const type = TYPE_NAMES.get(question.type) ?? String(question.type);
      queries.push({ name, type });
      const held = holds.get(name);
      if (held === undefined) {
        respond(request, send, question.name, name, type);
        return;
      }
      held.asked();
      // Answered from the records as they are once released (a test may change them meanwhile).
      void held.released.then(() => respond(request, send, question.name, name, type));
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as { udp?: { port: number } }).udp?.port;
  if (port === undefined) throw new Error('the local DNS server did not listen');

  return {
    server: `127.0.0.1:${port}`,
    port,
    set(name: string, type: RecordType, values: unknown[]) {
      const key = normal(name);
      const records = zone.get(key) ?? {};
      if (type === 'TXT') records.TXT = (values as Array<string | string[]>).map((value) => (Array.isArray(value) ? value : [value]));
      else if (type === 'MX') records.MX = values as Records['MX'];
      else records[type] = values as string[];
      zone.set(key, records);
    },
    remove(name) {
      zone.delete(normal(name));
      sequences.delete(normal(name));
    },
    sequence(name, list) {
      sequences.set(normal(name), { addresses: list, next: 0 });
    },
    hold(name: string) {
      let asked = (): void => undefined;
      let release = (): void => undefined;
      const hold = {
        asked: new Promise<void>((resolve) => (asked = resolve)),
        released: new Promise<void>((resolve) => (release = resolve)),
      };
      holds.set(normal(name), { asked, released: hold.released });
      return {
        asked: hold.asked,
        release: () => {
          holds.delete(normal(name));
          release();
        },
      };
    },
    queries,
    close: () => server.close(),
  } as LocalDns;
}
