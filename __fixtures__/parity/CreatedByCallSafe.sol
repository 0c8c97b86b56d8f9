// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of CreatedByCall.sol: only the creating contract may open the vault. Its property is
/// probed only in sequences that created it (before `make()` its address holds no code).
contract SafeVault {
    bool public opened;
    address private immutable creator;

    constructor() {
        require(msg.sender.code.length > 0, "created by a contract");
        creator = msg.sender;
    }

    function open(uint256 code) external {
        if (msg.sender == creator && code == 0x5eed) opened = true;
    }

    function echidna_sealed() external view returns (bool) {
        return !opened;
    }
}

contract CreatedByCallSafe {
    SafeVault public vault;

    function make() external {
        if (address(vault) == address(0)) vault = new SafeVault();
    }
}
