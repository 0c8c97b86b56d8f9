/** Solidity for the Action's throwaway repositories. The head of AUCTION_HEAD introduces the bug. */
const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join('');

export const AUCTION_BASE = lines(
  '// SPDX-License-Identifier: MIT',
  'pragma solidity ^0.8.20;',
  '',
  'contract Auction {',
  '    uint256 public highest;',
  '    bool public ended;',
  '',
  '    function bid(uint256 amount) external {',
  '        require(!ended, "ended");',
  '        if (amount > highest) highest = amount;',
  '    }',
  '',
  '    function end() external {',
  '        ended = true;',
  '    }',
  '}',
);

/** Adds settle(): after end(), settle(i) with i >= 3 indexes the array out of bounds (panic 0x32 at line 20). */
export const AUCTION_HEAD = lines(
  '// SPDX-License-Identifier: MIT',
  'pragma solidity ^0.8.20;',
  '',
  'contract Auction {',
  '    uint256 public highest;',
  '    bool public ended;',
  '    uint256[3] private winners;',
  '',
  '    function bid(uint256 amount) external {',
  '        require(!ended, "ended");',
  '        if (amount > highest) highest = amount;',
  '    }',
  '',
  '    function end() external {',
  '        ended = true;',
  '    }',
  '',
  '    function settle(uint256 rank) external returns (uint256) {',
  '        require(ended, "not ended");',
  '        return winners[rank];',
  '    }',
  '}',
);
export const AUCTION_BUG_LINE = 20;
/** Seed 1 finds the panic after 24 transactions; fewer than 100 would save no time (building and checking cost more). */
export const AUCTION_BUDGET = '100x';

/** Head with a type error at line 19 (a bool assigned to a uint). */
export const AUCTION_BROKEN = AUCTION_HEAD.replace('        require(ended, "not ended");', '        uint256 broken = ended;');
export const AUCTION_BROKEN_LINE = 19;

/**
 * A contract whose name is markdown emphasis and whose property reverts with a string built to
 * inject HTML, a mention, a link and a table break into the PR comment.
 */
export const INJECTION_REVERT = '<img src=x onerror=alert(1)> **@admin** [click](https://evil.example) | </details>';
export const INJECTION = lines(
  '// SPDX-License-Identifier: MIT',
  'pragma solidity ^0.8.20;',
  '',
  'contract __Evil__ {',
  '    bool public armed;',
  '',
  '    function arm() external {',
  '        armed = true;',
  '    }',
  '',
  '    function property_unarmed() external view returns (bool) {',
  `        require(!armed, "${INJECTION_REVERT}");`,
  '        return true;',
  '    }',
  '}',
);
