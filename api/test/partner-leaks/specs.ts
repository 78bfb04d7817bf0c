/**
 * Every spec of the leak matrix, by area. An endpoint a partner may use (config.partner === 'scoped') with
 * no spec here fails leak-matrix.test.ts: add its area's module beside these and list it.
 */
import { accountSpecs } from './account-specs';
import { callsSpecs } from './calls-specs';
import { changesSpecs } from './changes-specs';
import { costsSpecs } from './costs-specs';
import { disputesSpecs } from './disputes-specs';
import { eventsSpecs } from './events-specs';
import { filtersSpecs } from './filters-specs';
import type { EndpointSpec } from './matrix';
import { notificationsSpecs } from './notifications-specs';
import { partnerKeysSpecs } from './partner-keys-specs';
import { viewsSpecs } from './views-specs';

export const ENDPOINT_SPECS: EndpointSpec[] = [...callsSpecs, ...filtersSpecs, ...eventsSpecs, ...viewsSpecs, ...costsSpecs, ...accountSpecs, ...disputesSpecs, ...partnerKeysSpecs, ...notificationsSpecs, ...changesSpecs];
