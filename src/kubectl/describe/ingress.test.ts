/**
 * Ingresses and IngressClasses through kubectl against the real engine: printIngress and
 * printIngressClass, IngressDescriber's backends resolved to a Service's endpoints (or the
 * lookup's error), and the lesson itself: with no ingress controller, nothing ever fills ADDRESS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Ingress } from '../../k8s/types';
import { kubectl } from '../testing';

const WEB_INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  annotations:
    example.com/team: shop
spec:
  tls:
  - hosts: [web.example.com]
    secretName: web-tls
  rules:
  - host: web.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port:
              number: 80
      - path: /api
        pathType: Exact
        backend:
          service:
            name: api
            port:
              name: http
`;

const BAD_INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bad
spec:
  rules:
  - host: 10.0.0.1
    http:
      paths:
      - path: api
        backend:
          service:
            name: web
            port:
              number: 80
      - path: /v1
        pathType: Prefix
        backend:
          service:
            name: Web
            port:
              number: 0
`;

const CLASS = `apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
  parameters:
    apiGroup: k8s.example.com
    kind: IngressParameters
    name: external-lb
`;

let base: Simulation;
beforeAll(() => {
  base = new Simulation({ seed: 1 });
  kubectl(base, 'create deployment web --image=nginx:1.29 --replicas=2');
  kubectl(base, 'expose deployment web --port=80');
  base.advance(20_000);
  kubectl(base, 'apply -f web.yaml', { files: { 'web.yaml': WEB_INGRESS } });
  kubectl(base, 'create namespace shop');
  kubectl(base, 'create ingress catch-all -n shop --default-backend=store:8080');
  base.advance(5_000);
});
const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

describe('kubectl get ingress / ingressclass', () => {
  it('prints NAME CLASS HOSTS ADDRESS PORTS AGE, `*` for no host and 80, 443 with TLS', () => {
    const sim = fresh();
    expect(kubectl(sim, 'get ingress').stdout).toBe(['NAME   CLASS    HOSTS             ADDRESS   PORTS     AGE', 'web    <none>   web.example.com             80, 443   5s', ''].join('\n'));
    expect(kubectl(sim, 'get ing -A').stdout).toBe(
      [
        'NAMESPACE   NAME        CLASS    HOSTS             ADDRESS   PORTS     AGE',
        'default     web         <none>   web.example.com             80, 443   5s',
        'shop        catch-all   <none>   *                           80        5s',
        '',
      ].join('\n'),
    );
  });

  it('lists the classes with their parameters, and finds none in a kubeadm cluster', () => {
    const sim = fresh();
    expect(kubectl(sim, 'get ingressclass')).toMatchObject({ stdout: '', stderr: 'No resources found\n' });
    kubectl(sim, 'apply -f class.yaml', { files: { 'class.yaml': CLASS } });
    expect(kubectl(sim, 'get ingressclasses').stdout).toBe(['NAME    CONTROLLER             PARAMETERS                                      AGE', 'nginx   k8s.io/ingress-nginx   IngressParameters.k8s.example.com/external-lb   0s', ''].join('\n'));
  });

  it('lists both kinds in api-resources, ingresses with its short name', () => {
    const lines = kubectl(fresh(), 'api-resources --api-group=networking.k8s.io').stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'NAME              SHORTNAMES   APIVERSION             NAMESPACED   KIND',
      'ingressclasses                 networking.k8s.io/v1   false        IngressClass',
      'ingresses         ing          networking.k8s.io/v1   true         Ingress',
    ]);
  });
});

describe('kubectl apply of an invalid Ingress', () => {
  it('prints every cause as kube-apiserver reports it', () => {
    const r = kubectl(fresh(), 'apply -f bad.yaml', { files: { 'bad.yaml': BAD_INGRESS } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        'The Ingress "bad" is invalid: ',
        '* spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
        '* spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified',
        "* spec.rules[0].http.paths[1].backend.service.name: Invalid value: \"Web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
        '* spec.rules[0].http.paths[1].backend: Required value: port name or number is required',
        '',
      ].join('\n'),
    );
  });
});

describe('kubectl describe ingress / ingressclass', () => {
  it('resolves a backend to its Service\'s endpoints, or to the error of looking it up', () => {
    const sim = fresh();
    const out = kubectl(sim, 'describe ingress web').stdout;
    const endpoints = /web:80 \((\S+)\)/.exec(out)?.[1] ?? '';
    // The two web Pods' addresses on the Service's targetPort.
    expect(endpoints).toMatch(/^10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80$/);
    expect(out).toBe(
      [
        'Name:             web',
        'Labels:           <none>',
        'Namespace:        default',
        'Address:          ',
        'Ingress Class:    <none>',
        'Default backend:  <default>',
        'TLS:',
        '  web-tls terminates web.example.com',
        'Rules:',
        '  Host             Path  Backends',
        '  ----             ----  --------',
        '  web.example.com  ',
        `                   /      web:80 (${endpoints})`,
        '                   /api   api:http (<error: services "api" not found>)',
        'Annotations:       example.com/team: shop',
        'Events:            <none>',
        '',
      ].join('\n'),
    );
  });

  it('shows a default backend in the Default backend line and in the catch-all rule', () => {
    expect(kubectl(fresh(), 'describe ing catch-all -n shop').stdout).toBe(
      [
        'Name:             catch-all',
        'Labels:           <none>',
        'Namespace:        shop',
        'Address:          ',
        'Ingress Class:    <none>',
        'Default backend:  store:8080 (<error: services "store" not found>)',
        'Rules:',
        '  Host        Path  Backends',
        '  ----        ----  --------',
        '  *           *     store:8080 (<error: services "store" not found>)',
        'Annotations:  <none>',
        'Events:       <none>',
        '',
      ].join('\n'),
    );
  });

  it('describes an IngressClass and its parameters', () => {
    const sim = fresh();
    kubectl(sim, 'apply -f class.yaml', { files: { 'class.yaml': CLASS } });
    expect(kubectl(sim, 'describe ingressclass nginx').stdout).toBe(
      [
        'Name:         nginx',
        'Labels:       <none>',
        'Annotations:  ingressclass.kubernetes.io/is-default-class: true',
        'Controller:   k8s.io/ingress-nginx',
        'Parameters:',
        '  APIGroup:  k8s.example.com',
        '  Kind:      IngressParameters',
        '  Name:      external-lb',
        'Events:      <none>',
        '',
      ].join('\n'),
    );
  });
});

describe('an Ingress nobody reconciles', () => {
  it('is stored and served, and its ADDRESS stays empty however long the cluster runs', () => {
    const sim = fresh();
    sim.advance(10 * 60_000);
    expect(kubectl(sim, 'get ingress web').stdout).toBe(['NAME   CLASS    HOSTS             ADDRESS   PORTS     AGE', 'web    <none>   web.example.com             80, 443   10m', ''].join('\n'));
    const ing = (sim.objects('ingresses') as Ingress[]).find((i) => i.metadata.name === 'web')!;
    expect(ing.status).toEqual({ loadBalancer: {} });
    expect(ing.metadata.resourceVersion).toBe((base.objects('ingresses') as Ingress[]).find((i) => i.metadata.name === 'web')!.metadata.resourceVersion);
  });
});
