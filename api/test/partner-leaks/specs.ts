/**
 * Every spec of the leak matrix, by area. An endpoint a partner may use (config.partner === 'scoped') with
 * no spec here fails leak-matrix.test.ts: add its area's module beside these and list it.
 */
import { callsSpecs } from './calls-specs';
import { filtersSpecs } from './filters-specs';
import type { EndpointSpec } from './matrix';

export const ENDPOINT_SPECS: EndpointSpec[] = [...callsSpecs, ...filtersSpecs];
