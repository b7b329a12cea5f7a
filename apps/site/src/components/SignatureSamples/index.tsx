import example from '@generated/fanshelf-platform-facts/default/signature-example.json'
import samples from '@generated/fanshelf-platform-facts/default/signature-samples.json'
import CodeBlock from '@theme/CodeBlock'
import TabItem from '@theme/TabItem'
import Tabs from '@theme/Tabs'
import type { ReactNode } from 'react'

/**
 * The signature-verification samples from apps/site/samples/signature, one tab per language. The
 * same files are executed by samples.test.ts against deliveries signed like the server signs them.
 * The tab choice is shared with the API reference (group `lang`, reflected in `?lang=`).
 */
export default function SignatureSamples(): ReactNode {
  return (
    <Tabs groupId="lang" queryString>
      {samples.map((sample) => (
        <TabItem key={sample.language} value={sample.language} label={sample.label}>
          <CodeBlock language={sample.highlight} title={sample.file} showLineNumbers tokens={sample.tokens}>
            {sample.code}
          </CodeBlock>
        </TabItem>
      ))}
    </Tabs>
  )
}

/** A delivery signed at build time with node:crypto, as the server signs it: check your code against it. */
export function SignatureWorkedExample(): ReactNode {
  return (
    <>
      <CodeBlock language="text" title="Inputs">
        {[
          `webhook secret        ${example.secret}`,
          `Standard Webhooks key base64 of the key bytes: ${example.standardKeyBase64}`,
          `webhook-id            ${example.id}`,
          `webhook-timestamp     ${example.timestamp}`,
          'raw body              (exactly these bytes, no trailing newline)',
        ].join('\n')}
      </CodeBlock>
      <CodeBlock language="json" title="Raw body" tokens={example.bodyTokens}>
        {example.body}
      </CodeBlock>
      <CodeBlock language="http" title="Headers you should compute" tokens={example.headersTokens}>
        {example.headers}
      </CodeBlock>
    </>
  )
}
