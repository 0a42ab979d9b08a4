import { Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { ResolvedConnection } from '@contracts';
import { CONNECTION_TESTS, smtpTransportOptions, type ConnectionTest } from '@gateway/core/connections';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** smtp connections: connect, EHLO, STARTTLS as configured, and authenticate (nodemailer `verify()`). */
@Injectable()
@Extension(CONNECTION_TESTS, 'smtp')
export class SmtpConnectionTest implements ConnectionTest {
  readonly type = 'smtp';
  readonly requires = [['url', 'properties.host']] as const;

  async test(connection: ResolvedConnection): Promise<void> {
    const transport = nodemailer.createTransport(smtpTransportOptions(connection));
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  }
}
