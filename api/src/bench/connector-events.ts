/**
 * The connectors row (issue 37 item 5): a platform's event accepted and stored in ≤ 20 ms p95 at 1M calls.
 * A Ringba connector is made through the admin routes, and its own pixel templates are fired as Ringba
 * fires them, one after another over a kept-alive connection: for each call an Incoming pixel (a new
 * call), a Completed one and a Converted one (each an update of it), each answered only once stored.
 * Beside each pixel, taking turns with it so both meet the same moment of the machine, the same change as
 * a JSON delivery of one call (POST /api/ingest/calls): the write path's own cost, which a connector's
 * event cannot be cheaper than. The calls are `bench-` ones, removed after the run with the ingest rows'
 * (run-bench.ts); the connector is deleted with its events and memory.
 */
import http from 'node:http';
import { CONNECTORS_PATH, connectorPath, type Connector } from '@callboard/contract/connectors';
import { ms, type BenchRow } from './report';
import { summarise, type Summary } from './timing';

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

/** The fire points timed per call, in Ringba's order. */
const FIRE_POINTS = ['Incoming', 'Completed', 'Converted'] as const;
const WARM_UP_CALLS = 3;

function request(agent: http.Agent, method: string, url: string, headers: { [name: string]: string } = {}, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      })
      .on('error', reject)
      .end(body);
  });
}

/** One call's pixel as Ringba fires it: the template's tokens replaced with the call's values. */
function pixel(template: string, callNumber: number, label: string): string {
  const values: { [token: string]: string } = {
    '[Call:InboundCallId]': `bench-connector-${label}-${callNumber}`,
    '[tag:InboundNumber:Number]': `+1555${String(1_000_000 + callNumber).slice(-7)}`,
    '[tag:Campaign:Name]': 'Bench Connector Campaign',
    '[tag:Publisher:Name]': `Bench Connector Publisher ${callNumber % 5}`,
    '[tag:Publisher:Id]': `BP-${callNumber % 5}`,
    '[tag:Target:Name]': 'Bench Connector Target',
    '[tag:Buyer:Name]': 'Bench Connector Buyer',
    '[tag:CallLength:Total]': String(30 + (callNumber % 400)),
    '[Call:ConversionAmount]': `${(callNumber % 60) + 0.5}`,
  };
  let url = template;
  for (const [token, value] of Object.entries(values)) url = url.split(token).join(encodeURIComponent(value));
  return url;
}

/** The same call as one JSON delivery, at the point of the pixel `index` (0: new; then its duration, then its revenue). */
function delivery(index: number, callNumber: number, label: string): string {
  const call = {
    systemCallId: `bench-connector-json-${label}-${callNumber}`,
    callTimestamp: new Date().toISOString(),
    callerId: `+1555${String(1_000_000 + callNumber).slice(-7)}`,
    campaignName: 'Bench Connector Campaign',
    publisherName: `Bench Connector Publisher ${callNumber % 5}`,
    systemPublisherId: `BP-${callNumber % 5}`,
    ...(index >= 1 ? { targetName: 'Bench Connector Target', buyerName: 'Bench Connector Buyer', durationSec: 30 + (callNumber % 400), connected: true } : {}),
    ...(index >= 2 ? { revenue: `${(callNumber % 60) + 0.5}` } : {}),
  };
  return JSON.stringify({ calls: [call] });
}

/**
 * Times `calls` calls' pixels, one at a time, each followed by the same change as a JSON delivery; the
 * summaries of every event's time from sending to its answer.
 */
async function firePixels(
  agent: http.Agent,
  connector: Connector,
  calls: number,
  label: string,
  baseUrl: string,
  ingestKey: string,
): Promise<{ all: Summary; created: Summary; updated: Summary; json: Summary }> {
  const templates = FIRE_POINTS.map((on) => {
    const template = connector.templates.find((tpl) => tpl.on === on);
    if (!template) throw new Error(`the Ringba preset has no ${on} template`);
    // The URL is built on the origin the admin reached the server at: the bench reaches it the same way.
    return template.url.replace(/^https?:\/\/[^/]+/, baseUrl);
  });
  const created: number[] = [];
  const updated: number[] = [];
  const json: number[] = [];
  const jsonHeaders = { 'content-type': 'application/json', 'x-api-key': ingestKey };
  for (let call = 0; call < WARM_UP_CALLS + calls; call += 1) {
    for (const [index, template] of templates.entries()) {
      let started = performance.now();
      const answer = await request(agent, 'GET', pixel(template, call, label));
      const took = performance.now() - started;
      if (answer.status !== 200) throw new Error(`a ${FIRE_POINTS[index]} pixel answered ${answer.status}: ${answer.text}`);
      const { outcome } = (JSON.parse(answer.text) as { data: { outcome: string } }).data;
      const expected = index === 0 ? 'created' : 'updated';
      if (outcome !== expected) throw new Error(`a ${FIRE_POINTS[index]} pixel was ${outcome}, not ${expected}`);
      started = performance.now();
      const delivered = await request(agent, 'POST', `${baseUrl}/api/ingest/calls`, jsonHeaders, delivery(index, call, label));
      const jsonTook = performance.now() - started;
      if (delivered.status !== 200) throw new Error(`a JSON delivery answered ${delivered.status}: ${delivered.text}`);
      if (call < WARM_UP_CALLS) continue;
      (index === 0 ? created : updated).push(took);
      json.push(jsonTook);
    }
  }
  return { all: summarise([...created, ...updated]), created: summarise(created), updated: summarise(updated), json: summarise(json) };
}

export async function measureConnectorEvents(baseUrl: string, admin: { email: string; password: string }, ingestKey: string, runs: number, record: Record): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  const json = { 'content-type': 'application/json' };
  try {
    const login = await request(agent, 'POST', `${baseUrl}/api/auth/login`, json, JSON.stringify(admin));
    const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;
    const signedIn = { ...json, authorization: `Bearer ${token}` };
    const made = await request(agent, 'POST', `${baseUrl}${CONNECTORS_PATH}`, signedIn, JSON.stringify({ name: 'Bench Ringba', platform: 'ringba' }));
    if (made.status !== 201) throw new Error(`creating the bench connector answered ${made.status}: ${made.text}`);
    const connector = (JSON.parse(made.text) as { data: Connector }).data;
    try {
      // A third of the runs' calls, three events each: as many events as a row's runs.
      const calls = Math.max(5, Math.ceil(runs / FIRE_POINTS.length));
      const { all, created, updated, json } = await firePixels(agent, connector, calls, String(Date.now()), baseUrl, ingestKey);
      record('connectors', `a Ringba pixel accepted and stored, one at a time (${all.runs} events: Incoming, Completed, Converted of ${calls} calls)`, 'ms', ms(all), 'p95 ≤ 20');
      record('connectors', 'of which an Incoming pixel making a new call', 'ms', ms(created));
      record('connectors', 'of which a Completed or Converted pixel updating its call', 'ms', ms(updated));
      record('connectors', 'the same changes as JSON deliveries of one call, taking turns with the pixels (the write path alone)', 'ms', ms(json));
    } finally {
      const { authorization } = signedIn;
      await request(agent, 'DELETE', `${baseUrl}${connectorPath(connector.id)}`, { authorization });
    }
  } finally {
    agent.destroy();
  }
}
