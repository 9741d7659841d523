import { describe, expect, it } from 'vitest';
import { CONTROLLER_PARTS } from './controllerParts';
import { controllerParts } from './registry';

describe('controller registry', () => {
  it('draws the parts its controllers name: a controller added to registry.ts is added to controllerParts.ts', () => {
    expect([...CONTROLLER_PARTS]).toEqual(controllerParts());
  });
});
