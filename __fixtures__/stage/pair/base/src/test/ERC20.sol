// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {PairERC20} from "../PairERC20.sol";

/// A token to trade, as v2-core's contracts/test/ERC20.sol: its whole supply goes to the deployer.
contract ERC20 is PairERC20 {
    constructor(uint256 _totalSupply) {
        _mint(msg.sender, _totalSupply);
    }
}
