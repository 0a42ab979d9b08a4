import { Injectable } from '@nestjs/common';

@Injectable()
export class NotificationDeliverer {
  wake(): Promise<void> {
    return Promise.resolve();
  }
}
