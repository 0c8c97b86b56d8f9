// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

interface IOracle {
    function price() external view returns (uint256);
}

/// Implements IOracle's functions without declaring it: matched by selectors.
contract Feed {
    function price() external pure returns (uint256) {
        return 42;
    }

    function decimals() external pure returns (uint8) {
        return 8;
    }
}

contract Consumer {
    IOracle public oracle;

    constructor(IOracle oracle_) {
        require(oracle_.price() == 42, "no price");
        oracle = oracle_;
    }
}
