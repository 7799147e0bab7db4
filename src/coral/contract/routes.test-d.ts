/**
 * Type-level checks that the endpoint's routes are written once, in the contract's table (./paths.ts): the server
 * routes exactly its paths, and the browser's gateways post to exactly the routes a page posts to, which the
 * server's doorway screens. A route renamed or added in the table breaks these until both sides follow.
 */
import {expectTypeOf} from 'vitest';
import type {RoutedPath} from '../../../server/doorway';
import type {MACHINE_FIELDS, PostedRoute} from '../../../server/http';
import type {SupporterRoute} from '../../../server/supporters';
import type {HttpRoute, StripeRoute} from '../shared/gateways';
import type {
  campaignCountSchema,
  checkoutRequestSchema,
  correctRequestSchema,
  giftAnswerSchema,
  giftRequestSchema,
  PostedRouteName,
  ROUTE_TABLE,
  RouteName,
  RoutePath,
  signatureRequestSchema,
} from '.';

type GatewayRoute = HttpRoute | StripeRoute;

// The server routes every path of the table, and no other.
expectTypeOf<RoutedPath>().toEqualTypeOf<RoutePath>();

// The gateways post to the routes a page posts to, whose bodies the doorway screens: the same paths on both sides.
expectTypeOf<GatewayRoute>().toEqualTypeOf<PostedRouteName>();
expectTypeOf<RoutePath<GatewayRoute>>().toEqualTypeOf<PostedRoute>();
expectTypeOf<keyof typeof MACHINE_FIELDS>().toEqualTypeOf<PostedRoute>();
expectTypeOf<SupporterRoute>().toEqualTypeOf<RoutePath<'supporterRecords' | 'supporterForget' | 'supporterCorrect'>>();

// Each route of the table, with its method and path, has its schemas beside it.
expectTypeOf<keyof typeof ROUTE_TABLE>().toEqualTypeOf<RouteName>();
expectTypeOf<Pick<(typeof ROUTE_TABLE)['gifts'], 'method' | 'path'>>().toEqualTypeOf<{readonly method: 'POST'; readonly path: '/gifts'}>();
expectTypeOf<(typeof ROUTE_TABLE)['gifts']['request']>().toEqualTypeOf<typeof giftRequestSchema>();
expectTypeOf<(typeof ROUTE_TABLE)['gifts']['answer']>().toEqualTypeOf<typeof giftAnswerSchema>();
expectTypeOf<(typeof ROUTE_TABLE)['checkout']['request']>().toEqualTypeOf<typeof checkoutRequestSchema>();
expectTypeOf<(typeof ROUTE_TABLE)['signatures']['request']>().toEqualTypeOf<typeof signatureRequestSchema>();
expectTypeOf<(typeof ROUTE_TABLE)['count']['answer']>().toEqualTypeOf<typeof campaignCountSchema>();
expectTypeOf<(typeof ROUTE_TABLE)['supporterCorrect']['request']>().toEqualTypeOf<typeof correctRequestSchema>();
expectTypeOf<keyof (typeof ROUTE_TABLE)['health']>().toEqualTypeOf<'method' | 'path'>();
