import { Global, Module } from '@nestjs/common';
import { OutboundHttp } from './outbound-http';

/** The one outbound HTTP client (`OutboundHttp`), with the console's address policy (ADDRESS_POLICY, from CoreModule). */
@Global()
@Module({ providers: [OutboundHttp], exports: [OutboundHttp] })
export class OutboundModule {}
