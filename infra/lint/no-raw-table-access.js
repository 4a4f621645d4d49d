import { resolve } from 'eslint-plugin-import-x/utils';

/**
 * Stores reach the table only through the entity layer (functions/core/table), which parses every
 * item it reads (docs/data-model.md). Anywhere this rule is on, a file may not take the document
 * client or a DynamoDB command: no value of @aws-sdk/client-dynamodb or @aws-sdk/lib-dynamodb, and
 * from the table client module only its pure helpers (the `helpers` option).
 *
 * The check is made on the module an import resolves to, so every way of naming the same module
 * is the same import: a relative path, a path alias, a re-export, a namespace import, `import()`
 * and `require()`. A type-only import carries no client and passes; a dynamic import or a whole
 * namespace of the client module fails, since either hands over `table()`.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No DynamoDB command or document client outside the entity layer' },
    schema: [
      {
        type: 'object',
        properties: {
          client: { type: 'string', description: 'Absolute path of the table client module' },
          helpers: { type: 'array', items: { type: 'string' }, description: 'Its exports that hold no client' },
        },
        required: ['client'],
        additionalProperties: false,
      },
    ],
    messages: {
      raw: '{{what}} reaches the table without the entity layer: only functions/core/table may use it (docs/data-model.md).',
    },
  },
  create(context) {
    const { client, helpers = [] } = context.options[0];
    const sdk = /^@aws-sdk\/(client|lib)-dynamodb(\/|$)/;
    const sdkPath = /[/\\]node_modules[/\\]@aws-sdk[/\\](client|lib)-dynamodb[/\\]/;

    /** Which table module a specifier names, if any. */
    const tableModule = (specifier) => {
      if (sdk.test(specifier)) return 'sdk';
      const path = resolve(specifier, context);
      if (!path) return undefined;
      if (path === client) return 'client';
      return sdkPath.test(path) ? 'sdk' : undefined;
    };

    const report = (node, what) => context.report({ node, messageId: 'raw', data: { what } });

    /** A named import or re-export passes when it is a type, or a helper of the client module. */
    const namedAllowed = (module, name, kind) => kind === 'type' || (module === 'client' && helpers.includes(name));

    const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(node.value));

    /** `import()` and `require()` take a string literal or a template literal without expressions. */
    const literal = (node) => {
      if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked;
      return undefined;
    };

    const whole = (node, specifier, form) => {
      if (tableModule(specifier)) report(node, `${form} of '${specifier}'`);
    };

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || node.specifiers.length === 0) return;
        const module = tableModule(node.source.value);
        if (!module) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') report(spec, `'${spec.local.name}' (all of '${node.source.value}')`);
          else if (!namedAllowed(module, nameOf(spec.imported), spec.importKind))
            report(spec, `'${nameOf(spec.imported)}' from '${node.source.value}'`);
        }
      },
      ExportNamedDeclaration(node) {
        if (!node.source || node.exportKind === 'type') return;
        const module = tableModule(node.source.value);
        if (!module) return;
        for (const spec of node.specifiers)
          if (!namedAllowed(module, nameOf(spec.local), spec.exportKind))
            report(spec, `re-export of '${nameOf(spec.local)}' from '${node.source.value}'`);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') whole(node, node.source.value, 're-export');
      },
      ImportExpression(node) {
        const specifier = literal(node.source);
        if (specifier) whole(node, specifier, 'import()');
      },
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'require') return;
        const specifier = literal(node.arguments[0]);
        if (specifier) whole(node, specifier, 'require()');
      },
      TSImportEqualsDeclaration(node) {
        if (node.importKind === 'type' || node.moduleReference.type !== 'TSExternalModuleReference') return;
        whole(node, node.moduleReference.expression.value, 'import =');
      },
    };
  },
};
