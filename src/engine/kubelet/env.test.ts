/**
 * `$(VAR)` in an env entry's value, as the kubelet expands it (makeEnvironmentVariables with
 * expansion.MappingFuncFor(tmpEnv, serviceEnv)): the "Define Dependent Environment Variables"
 * page's dependent-envars.yaml, whose log shows the three outcomes.
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../simulation';
import { bootCluster, createPod, getPod, podManifest, ready } from './kubelet.testing';
import { latestContainer, runtimeOf } from '../node/cri';
import { expandKubernetesVars } from '../../k8s/var-expansion';

describe("an env value's $(VAR) references", () => {
  it('expand to what is defined before them; an undefined one stays as written, $$ escapes, HOSTNAME is not theirs', () => {
    const sim = bootCluster();
    const value = (name: string, v: string) => ({ name, value: v });
    createPod(
      sim,
      podManifest('deps', 'busybox:1.36', {
        container: {
          command: ['sleep', '3600'],
          env: [
            value('SERVICE_PORT', '80'),
            value('SERVICE_IP', '172.17.0.1'),
            value('UNCHANGED_REFERENCE', '$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)'),
            value('PROTOCOL', 'https'),
            value('SERVICE_ADDRESS', '$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)'),
            value('ESCAPED_REFERENCE', '$$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)'),
            value('HOST', '$(HOSTNAME) $(KUBERNETES_SERVICE_PORT)'),
          ],
        },
      }),
    );
    sim.runUntil(() => ready(getPod(sim, 'deps')) === 'True', 60_000);
    const rt = runtimeOf(worldOf(sim), 'node-1')!;
    const c = latestContainer(rt, getPod(sim, 'deps')!.metadata.uid!, 'api')!;
    // The page's log: UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80, SERVICE_ADDRESS=https://172.17.0.1:80, ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80.
    expect(c.config.env).toMatchObject({
      UNCHANGED_REFERENCE: '$(PROTOCOL)://172.17.0.1:80',
      SERVICE_ADDRESS: 'https://172.17.0.1:80',
      ESCAPED_REFERENCE: '$(PROTOCOL)://172.17.0.1:80',
      HOST: '$(HOSTNAME) 443',
    });
  });

  it("copy any other $ as Expand does: `$x`, a last `$`, an unclosed `$(`", () => {
    const vars: Record<string, string> = { A: 'a' };
    // `$(A $(A)` reads to the first `)`: the name `A $(A` is undefined, so it is kept whole.
    expect(expandKubernetesVars('$x $ $(A $(A) $$$(A) $', (n) => vars[n])).toBe('$x $ $(A $(A) $a $');
  });
});
