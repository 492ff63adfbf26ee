/**
 * The function tree (menu) for the capability areas of portal-shell §1: first level = area,
 * second level = group, third level = a page. Ids are stable so grants, often-used menus and
 * saved settings survive re-seeding. funcUrl is the hash route of the page.
 */
export interface FunctionSeed {
  id: number;
  zh: string;
  en: string;
  url?: string;
  children?: FunctionSeed[];
}

const leaf = (id: number, zh: string, en: string, url: string): FunctionSeed => ({ id, zh, en, url });

export const FUNCTION_TREE: FunctionSeed[] = [
  {
    id: 1, zh: '工作台', en: 'Workbench', children: [
      { id: 101, zh: '我的工作台', en: 'My workbench', children: [
        leaf(10101, '工作台首页', 'Dashboard', '/workbench'),
        leaf(10102, '我的提醒', 'My reminders', '/my-reminders'),
        leaf(10103, '我的待办', 'My to-do list', '/todo-list'),
      ] },
    ],
  },
  {
    id: 2, zh: '组织管理', en: 'Organisation', children: [
      { id: 201, zh: '机构信息', en: 'Organisation information', children: [
        leaf(20101, '机构信息', 'Organisation info', '/org-info'),
        leaf(20102, '机构信息扩展字段', 'Organisation info extension fields', '/org-info-ettr'),
        leaf(20103, '部门', 'Departments', '/department'),
      ] },
      { id: 202, zh: '组织结构', en: 'Organisation structure', children: [
        leaf(20201, '组织结构', 'Organisation structures', '/org-struct'),
        leaf(20202, '组织结构模块关系', 'Structure module relations', '/org-struct-module-rel'),
        leaf(20203, '组织结构节点', 'Structure nodes', '/org-struct-node'),
      ] },
    ],
  },
  {
    id: 3, zh: '往来单位', en: 'Counterparties', children: [
      { id: 301, zh: '往来单位管理', en: 'Counterparty management', children: [
        leaf(30101, '交易对手', 'Counterparties', '/counter-party'),
        leaf(30102, '往来单位类型', 'Contact organisation types', '/contact-org-type'),
        leaf(30103, '往来单位', 'Contact organisations', '/contact-org'),
        leaf(30104, '往来单位账户', 'Contact organisation accounts', '/contact-org-acc'),
      ] },
      { id: 302, zh: '金融机构申请', en: 'Finance organisation applications', children: [
        leaf(30201, '入网申请', 'Enter application', '/finance-org-enter'),
        leaf(30202, '变更申请', 'Modify application', '/finance-org-modify'),
        leaf(30203, '退网申请', 'Back application', '/finance-org-back'),
      ] },
    ],
  },
  {
    id: 4, zh: '利率汇率', en: 'Rates', children: [
      { id: 401, zh: '利率管理', en: 'Interest rates', children: [
        leaf(40101, '利率', 'Interest rates', '/rate'),
        leaf(40102, '利率方案', 'Rate plans', '/rate-plan'),
      ] },
      { id: 402, zh: '基准利率', en: 'Benchmark rates', children: [
        leaf(40201, '基准利率', 'Benchmark rates', '/benchmark-rate'),
        leaf(40202, '基准利率新增', 'Benchmark rate additions', '/rate-add'),
        leaf(40203, '基准利率变更', 'Benchmark rate changes', '/rate-change'),
        leaf(40204, '利率类型', 'Rate types', '/rate-type'),
      ] },
      { id: 403, zh: '汇率', en: 'Exchange rates', children: [
        leaf(40301, '汇率', 'Exchange rates', '/exchange-rate'),
      ] },
    ],
  },
  {
    id: 5, zh: '基础数据', en: 'Reference data', children: [
      { id: 501, zh: '币种与银行', en: 'Currencies and banks', children: [
        leaf(50101, '币种', 'Currencies', '/currency'),
        leaf(50102, '银行', 'Banks', '/bank'),
        leaf(50103, '联行号', 'Line numbers', '/line-numbers'),
      ] },
      { id: 502, zh: '地区', en: 'Regions', children: [
        leaf(50201, '国家', 'Countries', '/country'),
        leaf(50202, '省份', 'Provinces', '/province'),
        leaf(50203, '城市', 'Cities', '/city'),
      ] },
      { id: 503, zh: '账户与预算', en: 'Accounts and budgets', children: [
        leaf(50301, '银行账户', 'Bank accounts', '/account'),
        leaf(50302, '预算', 'Budgets', '/budget'),
        leaf(50303, '财务公司', 'Financial offices', '/financial-office'),
        leaf(50304, '合作金融网点', 'Cooperative networks', '/coop-network'),
      ] },
    ],
  },
  {
    id: 6, zh: '权限管理', en: 'Access control', children: [
      { id: 601, zh: '用户与岗位', en: 'Users and duties', children: [
        leaf(60101, '用户', 'Users', '/user-info'),
        leaf(60102, '岗位', 'Duties', '/duty'),
        leaf(60103, '岗位关系', 'Position relations', '/position-relation'),
        leaf(60104, '功能树', 'Function tree', '/function-tree'),
      ] },
      { id: 602, zh: '数据权限', en: 'Data authorisation', children: [
        leaf(60201, '按用户授权', 'By user', '/data-auth/user'),
        leaf(60202, '按组织结构授权', 'By organisation structure', '/data-auth/org-struct'),
        leaf(60203, '按账户授权', 'By account', '/data-auth/account'),
        leaf(60204, '按币种授权', 'By currency', '/data-auth/currency'),
        leaf(60205, '按业务类型授权', 'By business type', '/data-auth/business-type'),
        leaf(60206, '按付款类型授权', 'By payment type', '/data-auth/payment-type'),
      ] },
    ],
  },
  {
    id: 7, zh: '系统设置', en: 'System settings', children: [
      { id: 701, zh: '安全', en: 'Security', children: [
        leaf(70101, '敏感信息设置', 'Sensitive information', '/sensitive-set'),
        leaf(70102, '密码规则', 'Password rules', '/password-rule'),
        leaf(70103, '证书设置', 'Certificate settings', '/cert-set'),
        leaf(70104, '许可证生成', 'Licence generation', '/license'),
        leaf(70105, '操作日志', 'Operation log', '/operate-log'),
      ] },
      { id: 702, zh: '参数', en: 'Parameters', children: [
        leaf(70201, '数据字典', 'Dictionaries', '/dictionary'),
        leaf(70202, '语言', 'Languages', '/lang'),
        leaf(70203, '模块注册', 'Module registration', '/module-register'),
        leaf(70204, '工作日设置', 'Workday settings', '/workday-set'),
        leaf(70205, '附件类型设置', 'Attachment type settings', '/attach-type-set'),
        leaf(70206, '系统参数', 'System parameters', '/sys-param-setting'),
        leaf(70207, '系统区域设置', 'System area settings', '/sys-area-set'),
        leaf(70208, '系统字段映射', 'System field maps', '/sys-field-map-setting'),
        leaf(70209, '嵌入页面设置', 'Embedded pages', '/sys-page-iframe'),
        leaf(70210, '数据字典值', 'Dictionary values', '/dictionary-value'),
        leaf(70211, '扩展模板', 'Form templates', '/expand-template'),
        leaf(70212, '动态表单', 'Dynamic forms', '/dynamic-form'),
        leaf(70213, '审批字段配置', 'Approval field config', '/approval-field'),
        leaf(70214, '附件类型', 'Attachment types', '/attach-type'),
        leaf(70215, '按钮与参数隐藏', 'Button and parameter hiding', '/func-button'),
      ] },
      { id: 703, zh: '业务配置', en: 'Business configuration', children: [
        leaf(70301, '业务类型设置', 'Business types', '/business-type-set'),
        leaf(70302, '付款类型', 'Payment types', '/payment-type'),
        leaf(70303, '流程配置', 'Process flows', '/process-config'),
        leaf(70304, '主题', 'Themes', '/themes'),
      ] },
      { id: 704, zh: '开发与审计', en: 'Development and audit', children: [
        leaf(70401, '状态图', 'State diagrams', '/diagrams'),
      ] },
    ],
  },
  {
    id: 8, zh: '提醒', en: 'Reminders', children: [
      { id: 801, zh: '提醒设置', en: 'Reminder settings', children: [
        leaf(80101, '提醒配置', 'Reminder configuration', '/remind-config'),
        leaf(80102, '提醒参数', 'Reminder parameters', '/remind-param'),
        leaf(80103, '提醒模板', 'Reminder templates', '/remind-template'),
      ] },
    ],
  },
];

/** What the demo staff duty may see: its daily work, not the administration. */
export const STAFF_FUNCTION_IDS = [1, 3, 4, 5];

/** Flattens the tree into rows with their parent and order among siblings. */
export function flattenFunctions(
  nodes: FunctionSeed[] = FUNCTION_TREE,
  fatherFunctionId: number | null = null,
): Array<{ id: number; fatherFunctionId: number | null; functionName: string; functionNameEn: string; funcUrl: string | null; funcOrder: number }> {
  return nodes.flatMap((node, index) => [
    { id: node.id, fatherFunctionId, functionName: node.zh, functionNameEn: node.en, funcUrl: node.url ?? null, funcOrder: index + 1 },
    ...flattenFunctions(node.children ?? [], node.id),
  ]);
}

/** The ids of a subtree, root included. */
export function subtreeIds(rootIds: number[], nodes: FunctionSeed[] = FUNCTION_TREE): number[] {
  const out: number[] = [];
  const walk = (list: FunctionSeed[], inside: boolean) => {
    for (const n of list) {
      const hit = inside || rootIds.includes(n.id);
      if (hit) out.push(n.id);
      walk(n.children ?? [], hit);
    }
  };
  walk(nodes, false);
  return out;
}
