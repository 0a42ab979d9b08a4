import { startHttpPeer, type HttpPeer } from './http-peer';

/** A post an incoming webhook made. */
export interface MattermostPost {
  hook: string;
  text: string;
  channel: string | null;
  username: string | null;
  iconUrl: string | null;
  props: Record<string, unknown> | null;
}

export interface MattermostPeer extends HttpPeer {
  posts: MattermostPost[];
}

const appError = (id: string, message: string, status: number) => ({ id, message, detailed_error: '', request_id: 'peer', status_code: status });

/**
 * Mattermost incoming webhooks (https://developers.mattermost.com/integrate/webhooks/incoming/) on 127.0.0.1:
 * `POST /hooks/{key}` with `{text, channel, username, icon_url, props, attachments}` (JSON, or `payload=` form).
 * Answers `ok` (text/plain), or Mattermost's app error JSON: unknown key 400 `Invalid webhook.`, no text and no
 * attachments 400 `Unable to create post.`, a channel not in `channels` 403. `/hooks/status<code>` answers that status.
 */
export async function startMattermostPeer(hooks: string[], channels: string[] = ['town-square', 'alerts']): Promise<MattermostPeer> {
  const posts: MattermostPost[] = [];
  const peer = await startHttpPeer((app) => {
    app.post('/hooks/:key', (req, res) => {
      const status = /^status(\d{3})$/.exec(req.params.key);
      if (status) return void res.status(Number(status[1])).json(appError('peer.status', `the server says ${status[1]}`, Number(status[1])));
      if (!hooks.includes(req.params.key)) return void res.status(400).json(appError('web.incoming_webhook.invalid.app_error', 'Invalid webhook.', 400));
      let body = req.body as Record<string, unknown>;
      if (typeof body?.payload === 'string') body = JSON.parse(body.payload);
      const { text, channel, username, icon_url, props, attachments } = body ?? {};
      if ((typeof text !== 'string' || !text) && !(Array.isArray(attachments) && attachments.length)) {
        return void res.status(400).json(appError('web.incoming_webhook.text.app_error', 'Unable to create post.', 400));
      }
      if (channel !== undefined && (typeof channel !== 'string' || !channels.includes(channel.replace(/^[#@]/, '')))) {
        return void res.status(403).json(appError('web.incoming_webhook.channel.app_error', 'Couldn’t find the channel.', 403));
      }
      if (props !== undefined && (typeof props !== 'object' || props === null || Array.isArray(props))) {
        return void res.status(400).json(appError('web.incoming_webhook.parse.app_error', 'Unable to parse incoming data.', 400));
      }
      posts.push({
        hook: req.params.key,
        text: (text as string) ?? '',
        channel: (channel as string | undefined) ?? null,
        username: typeof username === 'string' ? username : null,
        iconUrl: typeof icon_url === 'string' ? icon_url : null,
        props: (props as Record<string, unknown> | undefined) ?? null,
      });
      res.type('text/plain').send('ok');
    });
  });
  return Object.assign(peer, { posts });
}
