/** A small XML tree from saxes, for checking the JUnit reports in tests (malformed XML throws). */
import { SaxesParser } from 'saxes';

interface XmlNode {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlNode[];
  text: string;
}

export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser();
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([key, value]) => [key, String(value)])),
      children: [],
      text: '',
    };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => void (stack[stack.length - 1].text += text));
  parser.on('closetag', () => void stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  return root.children[0];
}
