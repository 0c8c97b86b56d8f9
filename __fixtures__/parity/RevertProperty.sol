// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Echidna's `echidna_revert_*` rule: the property holds while it reverts. Bug: `unlock(0x5eed)`
/// from anyone opens the vault, after which `echidna_revert_sealed` returns: a property failure in
/// 1 transaction. Twin: RevertPropertySafe.sol.
contract RevertProperty {
    bool public open;

    function unlock(uint256 code) external {
        if (code == 0x5eed) open = true;
    }

    function echidna_revert_sealed() external view returns (bool) {
        require(open, "sealed");
        return true;
    }
}
