import type { Connector } from '@callboard/contract/connectors';
import { CONNECTOR_TOKEN_HEADER } from '@callboard/contract/connectors';
import { PLATFORM_PRESETS } from '@callboard/contract/platforms';
import { TextField } from '@callboard/shared-ui/text-field';
import { CopyButton } from '../../admin-tools/copy-button';

/**
 * What to paste into the platform: its steps in its own words, the connector's URL, and per moment the
 * platform sends at (a Ringba fire point, a Retreaver trigger) the exact URL with the platform's tokens, and
 * the same fields as a JSON body for a platform that posts, each with a Copy button. All of it is the
 * server's (contract connectorTemplates), built from the connector's own mapping.
 */
export function PasteIntoPlatform({ connector }: { connector: Connector }) {
  const preset = PLATFORM_PRESETS[connector.platform];
  return (
    <div className="connector-paste">
      <ol className="connector-paste__steps">
        {preset.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="connector-copy-row">
        <TextField label="Connector URL" value={connector.url} readOnly inputClassName="connector-code" className="connector-copy-row__field" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={connector.url} what="Connector URL" size="md" />
      </div>
      <p className="cb-muted">
        The token in the URL is the connector’s secret. A platform that can send headers may send it as <code>{CONNECTOR_TOKEN_HEADER}</code> instead.
      </p>
      {connector.templates.map((template) => (
        <section key={template.on} className="connector-template" aria-label={`${preset.label}: ${template.on}`}>
          <h3 className="connector-template__title">
            {preset.label}: <span className="connector-template__on">{template.on}</span>
          </h3>
          <p className="cb-muted">{template.note}</p>
          <div className="connector-copy-row">
            <TextField
              label={`URL for ${template.on}`}
              value={template.url}
              readOnly
              inputClassName="connector-code"
              className="connector-copy-row__field"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={template.url} what={`URL for ${template.on}`} size="md" />
          </div>
          <details className="connector-template__body">
            <summary>As a JSON body (for a platform that posts)</summary>
            <pre className="connector-pre">{template.body}</pre>
            <CopyButton text={template.body} what={`JSON body for ${template.on}`} />
          </details>
        </section>
      ))}
    </div>
  );
}
