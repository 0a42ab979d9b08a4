/** Test helpers of the catalogue pages (tests only): core's fetch stub and page render, an empty list for unknown addresses. */
import { type Answer, stubFetch as stubGateway } from '@web/core/testing/stubFetch';

export type { Call } from '@web/core/testing/stubFetch';
export { currentLocation, renderAt } from '@web/core/testing/renderAt';

/** core's stubFetch; an address no route names answers an empty list (the pages' other reads). */
export const stubFetch = (routes: [route: string, answer: Answer][]) => stubGateway(routes, { unmatched: [] });
