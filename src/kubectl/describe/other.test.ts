/** kubectl 1.36's ConfigMap and ServiceAccount describers, compared with a real kubectl against `reconcile serve`. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('describe configmap and serviceaccount', () => {
  it('follows each ConfigMap value with a blank line, and lists only image pull secrets for a ServiceAccount', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'kubectl create configmap cfg --from-literal=a=1 --from-literal=b=two');
    expect(kubectl(sim, 'kubectl describe cm cfg').stdout).toBe(
      'Name:         cfg\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\na:\n----\n1\n\nb:\n----\ntwo\n\n\nBinaryData\n====\n\nEvents:  <none>\n',
    );
    kubectl(sim, 'kubectl create serviceaccount bot');
    expect(kubectl(sim, 'kubectl describe sa bot').stdout).toBe(
      'Name:                bot\nNamespace:           default\nLabels:              <none>\nAnnotations:         <none>\nImage pull secrets:  <none>\nEvents:              <none>\n',
    );
  });
});
