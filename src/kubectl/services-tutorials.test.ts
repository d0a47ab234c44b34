/**
 * kubernetes.io's Services pages at the prompt, on a cluster with a cloud provider (`sim topology
 * basic --cloud-provider sim`): the source address echoserver reports after kube-proxy's NAT
 * (engine/node/traffic.ts), externalTrafficPolicy Local, a load balancer's address and its
 * health check node port (engine/node/cloud-lb.ts, proxy-health.ts), and the frontend's nginx
 * passing requests to the `hello` Service (engine/images/dynamic-http.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 7 });
  const run = sessionRunner(booted);
  run('sim topology basic --cloud-provider sim');
  run('kubectl create deployment source-ip-app --image=registry.k8s.io/echoserver:1.10');
  run('kubectl expose deployment source-ip-app --name=nodeport --port=80 --target-port=8080 --type=NodePort');
  run('kubectl expose deployment source-ip-app --name=loadbalancer --port=80 --target-port=8080 --type=LoadBalancer');
  expect(run('kubectl rollout status deployment/source-ip-app --timeout=2m').code).toBe(0);
  run('sim advance 5s');
});

function fresh() {
  const s = booted.fork();
  const run = sessionRunner(s);
  const [, podIP = '', node = ''] = run('kubectl get pods -l app=source-ip-app -o wide --no-headers').out.trim().split(/\s+/).filter((_, i) => i === 0 || i === 5 || i === 6);
  const nodeIP = (n: string): string => run(`kubectl get node ${n} -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'`).out;
  return { s, run, podIP, node, nodeIP, nodePort: run("kubectl get svc nodeport -o jsonpath='{.spec.ports[0].nodePort}'").out, lb: run("kubectl get svc loadbalancer -o jsonpath='{.status.loadBalancer.ingress[0].ip}'").out };
}

const clientOf = (page: string): string | undefined => /\tclient_address=(\S+)\n/.exec(page)?.[1];

describe('Using Source IP', () => {
  it('a Pod reaching the ClusterIP is seen with its own address', () => {
    const { run } = fresh();
    run('kubectl run busybox --image=busybox:1.28 --restart=Never -- sleep 3600');
    run('kubectl wait --for=condition=Ready pod/busybox --timeout=1m');
    const ip = run("kubectl get pod busybox -o jsonpath='{.status.podIP}'").out;
    run('kubectl expose deployment source-ip-app --name=clusterip --port=80 --target-port=8080');
    run('sim advance 2s');
    const vip = run("kubectl get svc clusterip -o jsonpath='{.spec.clusterIP}'").out;
    const page = run(`kubectl exec busybox -- wget -qO - ${vip}`).out;
    expect(clientOf(page)).toBe(ip);
    expect(page).toContain(`\trequest_uri=http://${vip}:8080/\n`);
    expect(page).toContain('\tuser-agent=Wget  \n');
  });

  it('NodePort from outside is source NAT’d: the node’s own address from elsewhere, its Pod-side one on the Pod’s node', () => {
    const { run, podIP, node, nodeIP, nodePort } = fresh();
    expect(node).toMatch(/^node-\d$/);
    for (const n of ['node-1', 'node-2', 'node-3', 'control-plane']) {
      const r = run(`curl -s ${nodeIP(n)}:${nodePort}`);
      expect(r.code).toBe(0);
      // kindnet: the route to a local Pod leaves by its veth, which holds the node's `.1`.
      expect(clientOf(r.out)).toBe(n === node ? podIP.replace(/\.\d+$/, '.1') : nodeIP(n));
    }
  });

  it('externalTrafficPolicy Local: only the Pod’s node answers, with the client’s own address; the others drop the packet', () => {
    const { run, node, nodeIP, nodePort } = fresh();
    expect(run(`kubectl patch svc nodeport -p '{"spec":{"externalTrafficPolicy":"Local"}}'`).out).toBe('service/nodeport patched\n');
    run('sim advance 2s');
    for (const n of ['node-1', 'node-2', 'node-3']) {
      const r = run(`curl --connect-timeout 1 -s ${nodeIP(n)}:${nodePort}`);
      if (n === node) expect(clientOf(r.out)).toBe('10.0.0.1');
      else expect(r.code).toBe(28);
    }
  });

  it('a LoadBalancer address is reached from the laptop; Local allocates healthCheckNodePort, which kube-proxy answers on every node', () => {
    const { run, node, nodeIP, lb } = fresh();
    expect(lb).toMatch(/^203\.0\.113\.\d+$/);
    const page = run(`curl -s ${lb}`).out;
    expect(page).toContain(`\thost=${lb}  \n`);
    expect(['10.0.0.11', '10.0.0.12', '10.0.0.13', '10.244.1.1', '10.244.2.1', '10.244.3.1']).toContain(clientOf(page));
    run(`kubectl patch svc loadbalancer -p '{"spec":{"externalTrafficPolicy":"Local"}}'`);
    run('sim advance 2s');
    const hc = run("kubectl get svc loadbalancer -o jsonpath='{.spec.healthCheckNodePort}'").out;
    expect(Number(hc)).toBeGreaterThanOrEqual(30000);
    expect(run('kubectl get svc loadbalancer -o yaml').out).toContain(`  healthCheckNodePort: ${hc}\n`);
    const described = run('kubectl describe svc loadbalancer').out;
    expect(described).toContain(`LoadBalancer Ingress:     ${lb} (VIP)\n`);
    expect(described).toContain(`External Traffic Policy:  Local\nInternal Traffic Policy:  Cluster\nHealthCheck NodePort:     ${hc}\n`);
    const json = (count: number): string => `{\n\t"service": {\n\t\t"namespace": "default",\n\t\t"name": "loadbalancer"\n\t},\n\t"localEndpoints": ${count},\n\t"serviceProxyHealthy": true\n}`;
    for (const n of ['node-1', 'node-2', 'node-3']) {
      const r = run(`curl -s -w ' %{http_code}' ${nodeIP(n)}:${hc}/healthz`);
      expect(r.out).toBe(n === node ? `${json(1)} 200` : `${json(0)} 503`);
    }
    // The balancer's health check leaves only that node: every answer keeps the client's address.
    for (let i = 0; i < 3; i++) expect(clientOf(run(`curl -s ${lb}`).out)).toBe('10.0.0.1');
  });
});

describe('Using Source IP with flannel', () => {
  it('the masquerade address is the one the route toward the Pod leaves by: cni0 on its node, flannel.1 elsewhere', () => {
    const s = new Session({ seed: 3 });
    const run = sessionRunner(s);
    run('sim topology basic --cni flannel');
    run('kubectl create deployment source-ip-app --image=registry.k8s.io/echoserver:1.10');
    run('kubectl expose deployment source-ip-app --name=nodeport --port=80 --target-port=8080 --type=NodePort');
    expect(run('kubectl rollout status deployment/source-ip-app --timeout=2m').code).toBe(0);
    run('sim advance 5s');
    const podNode = run("kubectl get pods -l app=source-ip-app -o jsonpath='{.items[0].spec.nodeName}'").out;
    const nodePort = run("kubectl get svc nodeport -o jsonpath='{.spec.ports[0].nodePort}'").out;
    for (const n of ['control-plane', 'node-1', 'node-2', 'node-3']) {
      const ip = run(`kubectl get node ${n} -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'`).out;
      const cidr = run(`kubectl get node ${n} -o jsonpath='{.spec.podCIDR}'`).out;
      expect(clientOf(run(`curl -s ${ip}:${nodePort}`).out)).toBe(cidr.replace(/\.0\/24$/, n === podNode ? '.1' : '.0'));
    }
  });
});

describe('Connect a Frontend to a Backend Using Services', () => {
  it('the frontend’s nginx passes the request to the hello Service by name; with no backend left, nginx’s 502', () => {
    const s = booted.fork();
    const run = sessionRunner(s);
    for (const f of ['backend-deployment', 'backend-service', 'frontend-deployment', 'frontend-service']) expect(run(`kubectl apply -f https://k8s.io/examples/service/access/${f}.yaml`).code).toBe(0);
    expect(run('kubectl rollout status deployment/frontend --timeout=2m').code).toBe(0);
    expect(run('kubectl rollout status deployment/backend --timeout=2m').code).toBe(0);
    run('sim advance 5s');
    const ip = run("kubectl get service frontend -o jsonpath='{.status.loadBalancer.ingress[0].ip}'").out;
    expect(run(`curl -s http://${ip}`).out).toBe('{"message":"Hello"}\n');
    // No ready endpoint: kube-proxy REJECTs the ClusterIP, nginx's connect is refused.
    run('kubectl scale deployment backend --replicas=0');
    run('sim advance 40s');
    const r = run(`curl -s -w '%{http_code}' http://${ip}`);
    expect(r.out).toBe('<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.17.3</center>\r\n</body>\r\n</html>\r\n502');
  });
});
