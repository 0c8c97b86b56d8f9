// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A contract a transaction creates joins the fuzzed set (Echidna's allContracts, Medusa's runtime
/// deployments): its functions are called and its properties checked. Property failure
/// (`echidna_sealed` returns false) after 2 transactions: `make()`, then `open(0x5eed)` on the vault
/// `make` created. Only a contract can deploy a Vault, so it is never fuzzed on its own. Twin:
/// CreatedByCallSafe.sol.
contract Vault {
    bool public opened;

    constructor() {
        require(msg.sender.code.length > 0, "created by a contract");
    }

    function open(uint256 code) external {
        if (code == 0x5eed) opened = true;
    }

    function echidna_sealed() external view returns (bool) {
        return !opened;
    }
}

contract CreatedByCall {
    Vault public vault;

    function make() external {
        if (address(vault) == address(0)) vault = new Vault();
    }
}
