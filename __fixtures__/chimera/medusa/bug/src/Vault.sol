// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The PR: redeem() pays out by the holder's shares but no longer burns them from the total, so the
/// total drifts above the sum of the holdings after the first redeem.
contract Vault {
    mapping(address => uint256) public shares;
    uint256 public totalShares;
    uint256 public totalAssets;

    function deposit(uint256 assets) external returns (uint256 minted) {
        minted = totalShares == 0 ? assets : (assets * totalShares) / totalAssets;
        shares[msg.sender] += minted;
        totalShares += minted;
        totalAssets += assets;
    }

    function redeem(uint256 amount) external returns (uint256 assets) {
        require(amount <= shares[msg.sender], "more than held");
        assets = (amount * totalAssets) / totalShares;
        shares[msg.sender] -= amount;
        totalAssets -= assets;
    }
}
